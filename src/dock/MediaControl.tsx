import { useId, useRef } from 'preact/hooks';
import type { MediaPickerModel } from './MediaPickerModel.ts';

interface MediaControlProps {
  picker: MediaPickerModel;
  id: string;
  describedBy: string | undefined;
}

const ACCEPT = { image: 'image/png,image/jpeg,image/gif,image/webp', sound: 'audio/mpeg,audio/ogg,audio/wav,audio/x-wav,.opus', video: 'video/mp4,video/webm' };

/**
 * A media setting: a list of the library's files of its kind (named by the
 * setting's label), a preview of the one in use, and `Upload <label>`.
 */
export function MediaControl({ picker, id, describedBy }: MediaControlProps) {
  const chosen = picker.chosen.value;
  return (
    <select
      id={id}
      name={picker.field.name}
      aria-describedby={describedBy}
      value={chosen.value}
      onFocus={() => void picker.library?.refresh()}
      onChange={(event) => picker.pick(event.currentTarget.value)}
    >
      {picker.choices.value.map((choice) => (
        <option key={choice.value} value={choice.value} selected={choice.value === chosen.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** The preview of the file in use and the upload input, below the picker's row. */
export function MediaExtras({ picker }: { picker: MediaPickerModel }) {
  const { field, library } = picker;
  const kind = field.setting.type as keyof typeof ACCEPT;
  const uploadId = useId();
  const errorId = `${uploadId}-error`;
  const error = picker.uploadError.value;
  return (
    <>
      <MediaPreview kind={kind} url={picker.chosen.value.url} />
      {library?.canUpload ? (
        <div class="media-upload">
          <label for={uploadId}>Upload {field.setting.label}</label>
          <input
            id={uploadId}
            type="file"
            accept={ACCEPT[kind]}
            disabled={picker.uploading.value}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              input.value = ''; // the same file chosen again is a new upload
              if (file) void picker.upload(file);
            }}
          />
          {picker.uploading.value && <span class="media-note">Uploading…</span>}
        </div>
      ) : (
        <p class="media-note">{library ? 'Files are added from the home page or a dock opened with the website token.' : 'The media library is not available here.'}</p>
      )}
      {library?.error.value && <p class="setting-error">{library.error.value}</p>}
      {error && (
        <p id={errorId} class="setting-error" role="alert">
          {error}.
        </p>
      )}
    </>
  );
}

function MediaPreview({ kind, url }: { kind: keyof typeof ACCEPT; url: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  if (url === '') return null;
  if (kind === 'image') return <img class="media-preview" src={url} alt="" />;
  if (kind === 'video') return <video class="media-preview" src={url} muted loop autoplay playsInline />;
  return (
    <span class="media-play">
      {/* biome-ignore lint/a11y/useMediaCaption: an alert sound has no words to caption, and it plays only on Play */}
      <audio ref={audio} src={url} preload="none" />
      <button
        type="button"
        onClick={() => {
          const element = audio.current;
          if (!element) return;
          element.currentTime = 0;
          void element.play().catch(() => {});
        }}
      >
        Play
      </button>
    </span>
  );
}
