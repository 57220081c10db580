import type { MediaItem } from '../../api/index.ts';
import { useFocusAfterAsk } from '../useFocusAfterAsk.ts';
import { formatSize } from './formatSize.ts';
import type { MediaModel } from './MediaModel.ts';
import { SoundPreview } from './SoundPreview.tsx';

const KIND_WORDS: Record<MediaItem['kind'], string> = { image: 'Image', sound: 'Sound', video: 'Video' };

interface MediaRowProps {
  model: MediaModel;
  item: MediaItem;
  onDelete: () => void;
}

/** One file: its preview, name, kind and size, and `Delete <name>`, which asks first. */
export function MediaRow({ model, item, onDelete }: MediaRowProps) {
  const confirming = model.confirming.value === item.id;
  // Keyboard users land on the choice that appears, and back on `Delete <name>` when it is cancelled.
  const focusAfter = useFocusAfterAsk(confirming);
  const failure = model.failures.value[item.id];
  return (
    <li class="media-item" data-testid="media-item" data-kind={item.kind}>
      <MediaPreview item={item} />
      <div class="media-about">
        <p class="media-name">{item.name}</p>
        <p class="media-facts">
          <span class="module-kind">{KIND_WORDS[item.kind]}</span> {formatSize(item.bytes)} · {item.type}
        </p>
      </div>
      {confirming ? (
        <fieldset class="home-confirm media-confirm" aria-label={`Delete ${item.name}?`} onKeyDown={(event) => event.key === 'Escape' && model.ask(null)}>
          <p>
            Delete <strong>{item.name}</strong> for good? Its address stops working, and settings that use it go back to their default.
          </p>
          <div class="home-row">
            <button ref={focusAfter} type="button" class="danger" onClick={onDelete}>
              Delete for good
            </button>
            <button type="button" onClick={() => model.ask(null)}>
              Cancel
            </button>
          </div>
        </fieldset>
      ) : (
        <button ref={focusAfter} type="button" class="danger" aria-label={`Delete ${item.name}`} disabled={model.deleting.value.has(item.id)} onClick={() => model.ask(item.id)}>
          Delete
        </button>
      )}
      {failure && (
        <p class="home-error media-failure" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

/** A picture shown small, a sound to play, a video with the browser's own controls (muted until asked). */
function MediaPreview({ item }: { item: MediaItem }) {
  const label = `Preview of ${item.name}`;
  if (item.kind === 'image') return <img class="media-preview" src={item.url} alt={label} loading="lazy" decoding="async" />;
  if (item.kind === 'sound') return <SoundPreview item={item} />;
  return <video class="media-preview" src={item.url} controls muted playsInline preload="metadata" aria-label={label} />;
}
