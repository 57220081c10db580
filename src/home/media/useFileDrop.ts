import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Whether a drag carries files (not a link or a text selection dragged across the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * Makes the page section around `inside` (its closest `<section>`, heading included) take dropped
 * files, and tells while files are dragged over it. Files dropped elsewhere on the page are ignored:
 * Chromium would otherwise leave the page to open the file.
 */
export function useFileDrop(inside: RefObject<HTMLElement>, onFiles: (files: File[]) => void): boolean {
  const [over, setOver] = useState(false);
  const latest = useRef(onFiles);
  latest.current = onFiles;
  useEffect(() => {
    const zone = inside.current?.closest('section') ?? inside.current;
    if (!zone) return;
    // dragenter and dragleave fire for every child crossed: the zone is left when they balance.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const allow = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = zone.contains(event.target as Node) ? 'copy' : 'none';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (zone.contains(event.target as Node) && files.length > 0) latest.current(files);
    };
    const listeners = [['dragenter', enter, zone], ['dragleave', leave, zone], ['dragover', allow, window], ['drop', drop, window]] as const;
    for (const [type, listener, target] of listeners) target.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener, target] of listeners) target.removeEventListener(type, listener as EventListener);
    };
  }, [inside]);
  return over;
}
