// schema.org building blocks shared by the pages' JSON-LD (structured data for search engines).
export const SCHEMA = 'https://schema.org';

export interface Crumb {
  name: string;
  /** An address as the page gives it (absolute once hydrated, path-relative when prerendered). */
  url: string;
}

export const breadcrumbList = (crumbs: Crumb[]) => ({
  '@context': SCHEMA,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.name,
    item: crumb.url,
  })),
});
