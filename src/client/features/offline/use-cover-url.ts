// A saved cover as an object URL for <img>, released when the component goes (the CSP allows blob: images).
import { useEffect, useState } from "react";

export function useCoverUrl(cover: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!cover) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(cover);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [cover]);
  return url;
}
