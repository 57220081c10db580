export interface MessageLineProps {
  /** What to tell; nothing is shown without it. */
  text: string | null | undefined;
  /** `alert` for a problem (read out at once), `status` for news that can wait. */
  role: 'alert' | 'status';
  class: string;
  testId?: string;
}

/** One line that tells a problem or a state under a control, shown only while there is something to tell. */
export function MessageLine({ text, role, class: className, testId }: MessageLineProps) {
  if (!text) return null;
  return (
    <p class={className} role={role} data-testid={testId}>
      {text}
    </p>
  );
}
