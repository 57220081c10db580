import { useRef, useState } from 'preact/hooks';
import type { MediaItem } from '../../api/index.ts';

/**
 * A sound's preview: `Play <name>` plays it from the start, pressed again stops it (as the dock's
 * picker plays a sound). Chromium's own player shrinks to a menu button in a row this narrow.
 */
export function SoundPreview({ item }: { item: MediaItem }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    const stop = !element.paused;
    element.pause();
    element.currentTime = 0;
    if (!stop) element.play().catch(() => setPlaying(false));
  };
  return (
    <div class="media-preview media-sound">
      {/* biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded sound, which has no caption track; its name is beside it. */}
      <audio
        ref={audio}
        src={item.url}
        preload="metadata"
        aria-label={`Preview of ${item.name}`}
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <button type="button" aria-pressed={playing} aria-label={`Play ${item.name}`} onClick={toggle}>
        {playing ? '■ Stop' : '▶ Play'}
      </button>
    </div>
  );
}
