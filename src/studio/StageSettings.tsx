import { useEffect, useMemo } from 'preact/hooks';
import { SettingsForm, SettingsFormModel } from '../dock/index.ts';
import { STUDIO_WRITER } from './DatabaseModel.ts';
import type { StudioModel } from './StudioModel.ts';

interface StageSettingsProps {
  studio: StudioModel;
}

/** The settings of the module on top of the stage: the dock's own form, writing as the studio, its pickers listing the media library. */
export function StageSettings({ studio }: StageSettingsProps) {
  const id = studio.front.value ?? studio.overlay.moduleIds.value[0];
  const entry = studio.catalog.value.find((candidate) => candidate.id === id);
  const data = studio.data.value;
  const media = studio.media.value ?? undefined;
  const form = useMemo(() => {
    if (!entry || !data) return null;
    // A module's files sit beside its page: a media setting's default is one of them.
    const page = new URL(entry.url, document.baseURI);
    return new SettingsFormModel({ entry, data, writer: STUDIO_WRITER, media, fileUrl: (path) => new URL(path, page).href });
  }, [entry, data, media]);
  useEffect(() => {
    void form?.load();
    return () => form?.dispose();
  }, [form]);
  if (!entry || !form) return null;
  return (
    <section class="panel stage-settings" aria-label={`Settings of ${entry.name}`} data-testid="stage-settings">
      <h2>Settings · {entry.name}</h2>
      <SettingsForm form={form} />
    </section>
  );
}
