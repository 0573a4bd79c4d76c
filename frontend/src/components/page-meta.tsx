// Title, description and canonical link of a page. React 19 hoists these into <head>.
import { absoluteUrl, SITE_NAME } from '../lib/site';

export interface PageMetaProps {
  /** The page's own title; the site name is appended unless `fullTitle` is given. */
  title?: string;
  fullTitle?: string;
  description?: string;
  /** The canonical path ('/prints'); absolute against this origin. */
  canonicalPath?: string;
}

export function PageMeta({ title, fullTitle, description, canonicalPath }: PageMetaProps) {
  const text = fullTitle ?? (title ? `${title} | ${SITE_NAME}` : SITE_NAME);
  return (
    <>
      <title>{text}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath && <link rel="canonical" href={absoluteUrl(canonicalPath)} />}
    </>
  );
}
