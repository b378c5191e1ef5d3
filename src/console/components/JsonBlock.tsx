/** A JSON text (a payload, a record before or after) shown indented; text that is not JSON as it is. */
export function JsonBlock({ json, label }: { json: string | null; label?: string }) {
  if (json === null || json === '') return <span className="console-muted">—</span>;
  let text = json;
  try {
    text = JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    // not JSON: shown as sent
  }
  return (
    <pre className="console-json" aria-label={label}>
      {text}
    </pre>
  );
}
