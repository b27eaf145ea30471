import type { ResourceDef } from '@backoffice/resources';
import { type BaseRecord, useInvalidate, useNotification, useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { DELETE_MESSAGES } from '../../definitions/messages';
import { api } from '../../providers/http';
import { recordAction } from '../../providers/data-provider';
import { MODEL_API } from '../../config';

const idOf = (record: BaseRecord) => String(record._id ?? record.id);

/** What the API said beyond the toast's own title: its field errors, else its message unless that is the title. */
function reasonOf(error: unknown, title: string): string | undefined {
  const { message, apiErrors } = (error ?? {}) as { message?: string; apiErrors?: { message?: string }[] };
  const details = (apiErrors ?? []).map((entry) => entry?.message).filter(Boolean);
  if (details.length) return details.join(' ');
  return message && message !== title ? message : undefined;
}

/** Archive, unarchive, duplicate and delete with the spec's confirmations and toasts; lists refresh afterwards. */
export function useRecordActions(def: ResourceDef) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const refresh = () => invalidate({ resource: def.name, invalidates: ['list', 'many', 'detail'] });
  const fail = (message: string, error: unknown) => open?.({ type: 'error', message, description: reasonOf(error, message), key: `${def.name}-action-error` });
  const messages = DELETE_MESSAGES[def.name] ?? {};

  const confirm = (content: string, okText: string, danger: boolean, action: () => Promise<void>) =>
    modal.confirm({ title: t('Are you sure?'), content, okText, cancelText: t('buttons.cancel'), okButtonProps: { danger }, onOk: action });

  const setArchived = async (records: BaseRecord[], archived: boolean) => {
    for (const record of records) await recordAction(def.name, idOf(record), archived ? 'archive' : 'unarchive');
  };

  return {
    archive(records: BaseRecord[], archived: boolean, onDone?: () => void) {
      const count = records.length;
      const content = archived
        ? count === 1 ? t('Are you sure you want to archive this item?') : t('Are you sure you want to archive {{count}} items?', { count })
        : count === 1 ? t('Are you sure you want to unarchive this item?') : t('Are you sure you want to unarchive {{count}} items?', { count });
      confirm(content, archived ? t('Archive') : t('Unarchive'), false, async () => {
        try {
          await setArchived(records, archived);
          open?.({ type: 'success', message: archived ? t('Archived') : t('Unarchived'), key: `${def.name}-archive` });
          onDone?.();
        } catch (error) {
          open?.({ type: 'error', message: (error as { message?: string }).message ?? t('Error'), key: `${def.name}-action-error` });
        } finally {
          await refresh();
        }
      });
    },
    async duplicate(record: BaseRecord): Promise<BaseRecord | null> {
      try {
        const copy = await recordAction(def.name, idOf(record), 'duplicate');
        open?.({ type: 'success', message: t('Duplicated'), key: `${def.name}-duplicate` });
        await refresh();
        return copy;
      } catch (error) {
        fail(t('Could not duplicate'), error);
        return null;
      }
    },
    remove(record: BaseRecord, onDone?: () => void) {
      const content = t(def.screens?.deleteConfirm ?? messages.confirm ?? 'Are you sure you want to delete this item?');
      confirm(content, t('buttons.delete'), true, async () => {
        try {
          await api(`${MODEL_API}/${def.name}/${encodeURIComponent(idOf(record))}`, { method: 'DELETE' });
          open?.({ type: 'success', message: t(messages.success ?? 'Successfully deleted'), key: `${def.name}-delete` });
          onDone?.();
        } catch (error) {
          if (messages.failure) fail(t(messages.failure), error);
          else open?.({ type: 'error', message: (error as { message?: string }).message ?? t('Error'), key: `${def.name}-action-error` });
        } finally {
          await refresh();
        }
      });
    },
  };
}
