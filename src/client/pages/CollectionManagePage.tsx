import { CollectionManager } from "../features/collections/CollectionManager";

export default function CollectionManagePage({ name }: { name: string }) {
  return <CollectionManager name={name} />;
}
