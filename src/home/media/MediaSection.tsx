import './media.css';
import { useRef } from 'preact/hooks';
import { SectionStatus } from '../SectionStatus.tsx';
import { MediaRow } from './MediaRow.tsx';
import type { MediaModel } from './MediaModel.ts';
import { useFileDrop } from './useFileDrop.ts';

/** What the file picker offers; the server still decides by the bytes, so this only spares a wrong pick. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,audio/mpeg,audio/ogg,audio/wav,video/mp4,video/webm,.mp3,.ogg,.oga,.opus,.wav,.webm,.mp4';

/** The Media section: the library with previews, the quota used, uploads (picker or drop) and deletions. */
export function MediaSection({ model }: { model: MediaModel }) {
  const root = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const dragging = useFileDrop(root, (files) => void model.upload(files));
  const library = model.library.value;
  const remove = async (id: string) => {
    await model.remove(id);
    // The row is gone with its button: keyboard focus goes to the line that says so, once it is drawn.
    if (!model.library.peek()?.items.some((each) => each.id === id)) setTimeout(() => status.current?.focus(), 0);
  };
  return (
    <div ref={root} class="home-card home-stack media" data-dragging={dragging}>
      {model.absent.value ? <p class="home-hint">This server keeps no media library.</p> : <UploadRow model={model} />}
      {dragging && <p class="media-drop-hint">Drop the files to add them.</p>}
      <Sending names={model.sending.value} />
      <Refusals model={model} />
      {library === null && !model.error.value && !model.absent.value && <p class="home-hint">Reading the library…</p>}
      {library?.items.length === 0 && <p class="home-hint">No media yet.</p>}
      {library && library.items.length > 0 && (
        <ul class="media-list" aria-label="Media files">
          {library.items.map((item) => (
            <MediaRow key={item.id} model={model} item={item} onDelete={() => void remove(item.id)} />
          ))}
        </ul>
      )}
      <SectionStatus notice={model.notice.value} error={model.error.value} retry={() => void model.load()} statusRef={status} />
    </div>
  );
}

/** What the library is for, `Upload media`, and the quota used. */
function UploadRow({ model }: { model: MediaModel }) {
  const library = model.library.value;
  return (
    <>
      <p class="home-hint">
        Pictures, sounds and videos for your modules' settings, such as the alert box's. Images PNG, JPEG, GIF, WebP; sounds MP3, Ogg, WAV; videos MP4,
        WebM. Choose files or drop them on this section.
      </p>
      <div class="home-row">
        <label class="media-upload">
          Upload media
          <input type="file" multiple accept={ACCEPT} onChange={(event) => pick(event.currentTarget, model)} />
        </label>
        {library && model.usage.value && <Usage used={library.bytes} quota={library.quota} text={model.usage.value} />}
      </div>
    </>
  );
}

/** Sends the picked files and empties the input, so the same file can be picked again. */
function pick(input: HTMLInputElement, model: MediaModel): void {
  const files = [...(input.files ?? [])];
  input.value = '';
  void model.upload(files);
}

function Usage({ used, quota, text }: { used: number; quota: number; text: string }) {
  return (
    <span class="media-usage">
      <meter min={0} max={quota} value={used} aria-hidden="true" />
      <span data-testid="media-usage">{text}</span>
    </span>
  );
}

function Sending({ names }: { names: readonly string[] }) {
  return (
    <p class="home-hint" role="status">
      {names.length > 0 && `Uploading ${names[0]}…${names.length > 1 ? ` (${names.length - 1} more waiting)` : ''}`}
    </p>
  );
}

function Refusals({ model }: { model: MediaModel }) {
  const refusals = model.refusals.value;
  return (
    <div role="alert" class="media-refusals">
      {refusals.map((refusal, index) => (
        // Two files of one name may both be refused: the position keeps them apart.
        <p key={index} class="home-error" data-testid="media-refusal">
          Not added: <strong>{refusal.name}</strong>. {refusal.message}
        </p>
      ))}
    </div>
  );
}
