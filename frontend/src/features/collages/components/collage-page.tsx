// A template collage page (spec 2 §2): top bar, hero, samples, the Create / How It Works / FAQ tabs
// around the editor and its cards, the marketing section, the floating 'Create Collage' button, the
// deep link (?create=true or #create) and the page's metadata and structured data. The owner's name
// and description of the product win once GET /api/products answers.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { shortName, type Product } from '@printshop/shared-events/rules/catalog';
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';
import { Button } from '@/components/button';
import { EarlyTapButton } from '@/components/early-tap-button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLiveProduct } from '@/lib/catalog/live-catalog';
import { ratingText, reviewCountText, useShopRating } from '@/lib/reviews/rating-summary';
import { TOP_BAR_NOTES, TRUST_ITEMS, templateCopy, type TemplateCopy } from '../collage-copy';
import { useCanvasKit } from '../imaging/canvas-kit-context';
import { useCollageBuilder } from '../use-collage-builder';
import { CollageEditor } from './collage-editor';
import { CollageHead } from './collage-head';
import {
  CollageFaq,
  CollageMarketing,
  HowItWorks,
  HowToCreateCard,
  WhyCustomersLoveUsCard,
} from './collage-info';
import { ProductDetailsCard } from './product-details-card';
import { SavedCollages } from './saved-collages';
import './collages.css';

export type CollageTab = 'create' | 'details' | 'faq';

const TABS: { id: CollageTab; label: string }[] = [
  { id: 'create', label: 'Create Collage' },
  { id: 'details', label: 'How It Works' },
  { id: 'faq', label: 'FAQ' },
];

/** Spec 2 §9: the editor is scrolled to 80 px below the top; tab 100 ms, deep link 500 ms; button 100 px. */
export const SCROLL = { offset: 80, tabDelay: 100, deepLinkDelay: 500, floatingThreshold: 100 } as const;

/**
 * The template's copy with the owner's name as its heading once they renamed the product. The code's
 * name is not the heading everywhere (template 32 carries the film strip's), so the heading changes
 * only when the live name differs from the code's.
 */
function copyOf(template: CollageTemplate, code: Product, shown: Product): TemplateCopy {
  const copy = templateCopy(template);
  return shown.name === code.name ? copy : { ...copy, heading: shortName(shown.name) };
}

/** `product`: the code's; the page shows the owner's name and description once the live list answers. */
export function CollagePage({ product: code, template }: { product: Product; template: CollageTemplate }) {
  const product = useLiveProduct(code);
  const rating = useShopRating();
  const kit = useCanvasKit();
  const [params] = useSearchParams();
  const location = useLocation();
  const builder = useCollageBuilder(kit, template, params.get('size'));
  const copy = copyOf(template, code, product);
  const [tab, setTab] = useState<CollageTab>('create');
  const [floating, setFloating] = useState(false);
  const heroRef = useRef<HTMLElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const createRef = useRef<HTMLDivElement>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const scrollToEditor = useCallback((delay: number) => {
    timers.current.push(
      window.setTimeout(() => {
        const editor = editorRef.current;
        if (!editor) return;
        const top = editor.getBoundingClientRect().top + window.scrollY - SCROLL.offset;
        window.scrollTo({ top, behavior: 'smooth' });
      }, delay),
    );
  }, []);

  const openCreate = useCallback(
    (delay: number) => {
      setTab('create');
      scrollToEditor(delay);
    },
    [scrollToEditor],
  );

  // Deep link: ?create=true or #create.
  const deepLinked = params.get('create') === 'true' || location.hash === '#create';
  useEffect(() => {
    if (deepLinked) openCreate(SCROLL.deepLinkDelay);
  }, [deepLinked, openCreate]);

  // The floating button shows once the hero's bottom edge is within 100 px of the viewport's top,
  // and never while the create section is on screen: there it only covered its controls (on phones,
  // "Save & Create Another") and had nowhere to go.
  useEffect(() => {
    const update = () => {
      const hero = heroRef.current;
      if (!hero) return;
      const create = createRef.current?.getBoundingClientRect();
      const createShowing = !!create && create.bottom > 0 && create.top < window.innerHeight;
      setFloating(hero.getBoundingClientRect().bottom < SCROLL.floatingThreshold && !createShowing);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <div className="collage-page">
      <CollageHead product={product} template={template} copy={copy} />
      <div className="collage-topbar">
        <Link to="/" className="collage-topbar__back">
          ← Back to Home
        </Link>
        <ul className="collage-topbar__notes">
          {TOP_BAR_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>

      <header ref={heroRef} className="collage-hero">
        <h1>{copy.heading}</h1>
        <p className="collage-hero__tagline">{copy.tagline}</p>
        <ul className="collage-hero__chips" aria-label="Highlights">
          {copy.chips.map((chip) => (
            <li key={chip}>{chip}</li>
          ))}
        </ul>
        <Button size="lg" onClick={() => openCreate(SCROLL.tabDelay)}>
          Start Creating Your Collage
        </Button>
        <ul className="collage-hero__trust" aria-label="Why shoppers trust us">
          {rating && (
            <>
              <li>{reviewCountText(rating.totalReviews)}</li>
              <li>{ratingText(rating)} Rating</li>
            </>
          )}
          {TRUST_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </header>

      <section className="collage-samples" aria-labelledby="collage-samples-title">
        <h2 id="collage-samples-title">Samples</h2>
        <img
          src={template.samplePath}
          alt={`${copy.heading} sample`}
          width={template.sampleSize.width}
          height={template.sampleSize.height}
          loading="lazy"
        />
      </section>

      <div className="collage-tabs" role="tablist" aria-label="Collage">
        {TABS.map((t) => (
          <EarlyTapButton
            key={t.id}
            tapName={`collage-tab-${t.id}`}
            role="tab"
            id={`collage-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`collage-panel-${t.id}`}
            className={tab === t.id ? 'collage-tabs__tab collage-tabs__tab--active' : 'collage-tabs__tab'}
            onClick={() => (t.id === 'create' ? openCreate(SCROLL.tabDelay) : setTab(t.id))}
          >
            {t.label}
          </EarlyTapButton>
        ))}
      </div>
      <div
        className="collage-tabs__panel"
        role="tabpanel"
        id={`collage-panel-${tab}`}
        aria-labelledby={`collage-tab-${tab}`}
      >
        {tab === 'create' && (
          <div ref={createRef} className="collage-create">
            <div ref={editorRef} id="create" className="collage-create__editor">
              <CollageEditor template={template} builder={builder} />
              <SavedCollages builder={builder} />
            </div>
            <aside className="collage-create__side">
              <ProductDetailsCard builder={builder} />
              <HowToCreateCard />
              <WhyCustomersLoveUsCard />
            </aside>
          </div>
        )}
        {tab === 'details' && <HowItWorks />}
        {tab === 'faq' && <CollageFaq template={template} />}
      </div>

      <CollageMarketing name={copy.heading} />

      {/* Slot photos not yet in the cart (nor saved) are lost on leaving: ask first, as posters do. */}
      <UnsavedChangesGuard active={builder.photos.size > 0} onLeave={builder.clearPhotos} />

      {floating && (
        <Button className="collage-floating" onClick={() => openCreate(SCROLL.tabDelay)}>
          Create Collage
        </Button>
      )}
    </div>
  );
}
