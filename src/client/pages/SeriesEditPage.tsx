import { SeriesEditor } from "../features/series/SeriesEditor";

export default function SeriesEditPage({ id }: { id: string }) {
  return <SeriesEditor id={Number(id)} />;
}
