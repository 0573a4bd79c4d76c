// Title, description, canonical link and social-share (Open Graph) tags of a page. React 19 hoists
// these into <head>; the prerender step (build-plugins/prerender.ts) puts them there at build.
import { SITE_NAME, useAbsoluteUrl } from '../lib/site';

export interface PageMetaProps {
  /** The page's own title; the site name is appended unless `fullTitle` is given. */
  title?: string;
  fullTitle?: string;
  description?: string;
  /** The canonical path ('/prints'); absolute against this origin once hydrated. */
  canonicalPath?: string;
  /** The share picture's path and the Open Graph type ('website' unless given). */
  imagePath?: string;
  type?: 'website' | 'product';
}

export function PageMeta({ title, fullTitle, description, canonicalPath, imagePath, type }: PageMetaProps) {
  const url = useAbsoluteUrl();
  const text = fullTitle ?? (title ? `${title} | ${SITE_NAME}` : SITE_NAME);
  return (
    <>
      <title>{text}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath && <link rel="canonical" href={url(canonicalPath)} />}
      <meta property="og:type" content={type ?? 'website'} />
      <meta property="og:title" content={text} />
      {description && <meta property="og:description" content={description} />}
      {canonicalPath && <meta property="og:url" content={url(canonicalPath)} />}
      {imagePath && <meta property="og:image" content={url(imagePath)} />}
      <meta property="og:site_name" content={SITE_NAME} />
    </>
  );
}
