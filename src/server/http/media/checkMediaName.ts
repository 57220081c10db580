import { HttpError } from '../HttpError.ts';

/** Longest file name kept, in characters. */
export const MAX_MEDIA_NAME = 200;

/**
 * The `name` query parameter: a file's own name, shown in the dock and the home page. One with a path
 * (`/`, `\`), a control character, or `.`/`..` alone is refused rather than cleaned, so the streamer
 * sees the name they will find in the list, and nothing downstream ever meets a path.
 */
export function checkMediaName(name: string | null): string {
  if (name === null || name.trim() === '') throw new HttpError(400, 'Bad request - the query parameter name (the file name) is required, e.g. POST /me/media?name=cheer.gif');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) throw new HttpError(400, 'Bad request - the file name contains a control character');
  if (/[/\\]/.test(name) || name === '.' || name === '..') throw new HttpError(400, 'Bad request - the file name must be a name alone, without a path (/ or \\)');
  if ([...name].length > MAX_MEDIA_NAME) throw new HttpError(400, `Bad request - the file name is longer than ${MAX_MEDIA_NAME} characters`);
  return name.trim();
}
