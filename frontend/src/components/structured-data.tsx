// A JSON-LD block (schema.org) for search engines, rendered into the page (prerendered with it).
export function StructuredData({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // JSON.stringify leaves "</script>" alone; escaping "<" keeps the block inert.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
