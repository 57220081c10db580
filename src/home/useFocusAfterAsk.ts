import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * The button to focus whenever a confirmation opens or closes (`confirming`
 * changes), once the streamer has asked: keyboard users land on the choice
 * that appears, and back on the button that asked once it is answered. Never
 * on the first render, which would pull the focus to a row nobody touched.
 */
export function useFocusAfterAsk(confirming: boolean): RefObject<HTMLButtonElement> {
  const focusAfter = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    if (asked.current) focusAfter.current?.focus();
  }, [confirming]);
  return focusAfter;
}
