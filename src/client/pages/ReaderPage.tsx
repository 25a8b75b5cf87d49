import { ReaderView } from "../features/reader/ReaderView";

export default function ReaderPage({ id }: { id: string }) {
  return <ReaderView id={id} />;
}
