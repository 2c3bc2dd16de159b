/**
 * What screen readers hear: one polite announcement for the moments that matter (files added,
 * upload started, progress milestones, completion, failure, pause, connectivity, the image editor),
 * never for every progress tick. File names are read without bidi controls (see
 * templates/display-name.ts), as they are shown.
 */
import type { Translator } from '../i18n/index.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import { displayName } from './templates/display-name.js';
import { failureText } from './templates/failure-message.js';

const MILESTONES = [25, 50, 75];

export class Announcer {
  text = '';
  private milestone = 0;

  /** Updates `text` for events worth announcing; returns whether it changed. */
  onEvent<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>, translator: Translator): boolean {
    const next = this.messageFor(name, detail as never, translator);
    if (next === undefined || next === this.text) return false;
    this.text = next;
    return true;
  }

  private messageFor(name: SvcUploaderEventName, detail: Record<string, unknown>, { t, formatPercent, lang }: Translator): string | undefined {
    switch (name) {
      case 'svc-files-add':
        return t('announce.filesAdded', { count: (detail.files as unknown[]).length });
      case 'svc-file-remove':
        return t('announce.fileRemoved', { name: displayName((detail.file as { name: string }).name) });
      case 'svc-upload-start':
        this.milestone = 0;
        return t('announce.started', { count: (detail.files as unknown[]).length });
      case 'svc-upload-progress': {
        const percentage = detail.percentage as number;
        const reached = MILESTONES.filter((milestone) => percentage >= milestone).pop() ?? 0;
        if (reached <= this.milestone) return undefined;
        this.milestone = reached;
        return t('announce.progress', { percent: formatPercent(reached / 100) });
      }
      case 'svc-files-upload-complete': {
        const failed = detail.failed as number;
        return failed > 0 ? t('announce.failed', { count: failed }) : t('announce.completed', { count: detail.successful as number });
      }
      case 'svc-error': {
        const failure = detail as unknown as SvcUploaderEventDetail<'svc-error'>;
        if (failure.scope !== 'upload' || !failure.file || !failure.failure) return undefined;
        return t('announce.fileFailed', { name: displayName(failure.file.name), reason: failureText(t, failure.failure, lang) });
      }
      case 'svc-editor-open':
        return t('announce.editorOpened', { name: displayName((detail.file as { name: string }).name) });
      case 'svc-editor-save':
        return t('announce.editorSaved', { name: displayName((detail.edited as File).name) });
      case 'svc-upload-pause':
        return t('announce.paused');
      case 'svc-upload-resume':
        return t('announce.resumed');
      case 'svc-network-change':
        return t(detail.online ? 'announce.online' : 'announce.offline');
      default:
        return undefined;
    }
  }
}
