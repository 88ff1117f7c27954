/**
 * Which files an upload widget attached, in a status region that screen
 * readers announce: the widget drops a file's progress item once it is
 * attached, so without this nothing would say it worked. Empty (but in the
 * page, so the change is heard) until a file is attached.
 */
export function AttachedNotice({ names }: { names: readonly string[] }) {
  return (
    <p role="status" className="muted small">
      {names.length > 0 ? `${names.join(', ')} attached.` : ''}
    </p>
  );
}
