// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Search by name (the `search` param scope: case-insensitive substring;
 * `%` and `_` match literally). Applies 300 ms after typing stops, or on Enter.
 */
import { useEffect, useRef, useState } from 'react';

export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // The URL changed elsewhere (back button): show its term.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <search className="search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor="campaign-search" className="visually-hidden">
          Search campaigns by name
        </label>
        <input
          id="campaign-search"
          type="search"
          placeholder="Search by name"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}
