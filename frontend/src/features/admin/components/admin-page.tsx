// The frame of one admin screen: its title, a heading with optional actions beside it, the content.
import type { ReactNode } from 'react';
import { PageMeta } from '@/components/page-meta';

export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="admin-page" aria-labelledby="admin-page-heading">
      <PageMeta title={`${title} · Admin`} />
      <header className="admin-page__header">
        <h1 id="admin-page-heading" className="admin-page__heading">
          {title}
        </h1>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
