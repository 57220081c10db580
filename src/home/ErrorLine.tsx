/** A section's error, read out at once (`role="alert"`); nothing while there is none. */
export function ErrorLine({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p class="home-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
