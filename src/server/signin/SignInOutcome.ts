/** How a step of the sign-in ends: a redirect (to Twitch, or to the home page), or a page that says what happened. */
export type SignInOutcome =
  | { status: 302; location: string; headers?: Record<string, string> }
  | {
      status: number;
      title: string;
      /** What happened, in plain words. */
      message: string;
      /** What to do now. */
      next: string;
      headers?: Record<string, string>;
    };

/** A failure page's outcome. */
export function failure(status: number, title: string, message: string, next: string, headers?: Record<string, string>): SignInOutcome {
  return { status, title, message, next, ...(headers && { headers }) };
}
