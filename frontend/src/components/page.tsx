// The frame of an ordinary content page: its head tags, a heading and the content beneath.
import type { ReactNode } from 'react';
import { PageMeta, type PageMetaProps } from './page-meta';
import './page.css';

export interface PageProps extends PageMetaProps {
  heading: ReactNode;
  intro?: ReactNode;
  /** 'narrow' for forms and text, 'wide' for grids. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

export function Page({ heading, intro, width = 'wide', children, ...meta }: PageProps) {
  return (
    <div className={`page page--${width}`}>
      <PageMeta {...meta} />
      <header className="page__header">
        <h1 className="page__heading">{heading}</h1>
        {intro && <p className="page__intro">{intro}</p>}
      </header>
      {children}
    </div>
  );
}
