'use client';
/**
 * After a refused submit (a 422's `fields`), focus goes to the form's first
 * field in error, so keyboard and screen-reader users land on it and hear its
 * message (linked with `aria-describedby`) instead of staying on the submit
 * button with no word of what went wrong. Returns the ref for the `<form>`.
 *
 *   const form = useFocusFirstInvalid(create.error?.fields);
 *   <form ref={form} ...>
 */
import { useEffect, useRef } from 'react';

export function useFocusFirstInvalid(fields: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fields) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fields]);
  return form;
}
