/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (an
 * `http://192.168...` address is not one), so a hidden text area with
 * `execCommand('copy')` is the fallback there.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    doc.body.append(area);
    area.select();
    const copied = doc.execCommand('copy');
    area.remove();
    return copied;
  }
}
