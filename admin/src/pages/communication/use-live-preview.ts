import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import type { ApiFieldError } from '../../providers/http';
import { type RenderedPreview, renderPreview, type TemplateForm } from './communication-api';

/** Preview re-renders 500 ms after the last change (part 2 section 9). */
export const PREVIEW_DEBOUNCE_MS = 500;
const TEXT_FIELDS = ['subject', 'content', 'footer'] as const;

/**
 * Renders the form value through the API 500 ms after the last change; a template that does not render puts
 * the API's errors (field and line) under the fields they name, and clears them once it renders again (telling
 * `errorsChanged`, since the form does not).
 */
export function useLivePreview(form: FormInstance, values: TemplateForm | undefined, errorsChanged: () => void) {
  const [preview, setPreview] = useState<RenderedPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(values ?? null);
  useEffect(() => {
    if (!values?.format) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      renderPreview(values, controller.signal).then(
        (answer) => {
          setPreview(answer);
          setError(null);
          form.setFields(TEXT_FIELDS.flatMap((name) => ['en', 'nl'].map((language) => ({ name: [name, language], errors: [] }))));
          errorsChanged();
        },
        (failure: { name?: string; message?: string; apiErrors?: ApiFieldError[] }) => {
          if (controller.signal.aborted || failure.name === 'AbortError') return;
          setError(failure.message ?? 'Could not render');
          form.setFields((failure.apiErrors ?? []).filter((entry) => entry.field).map((entry) => ({ name: entry.field.split('.'), errors: [entry.message] })));
          errorsChanged();
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // re-render when the form value changes, compared by content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { preview, error };
}
