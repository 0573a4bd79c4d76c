// The header's menus (spec 1 §2): Prints grouped Photo Prints / Standard Prints / Special Prints,
// Strips, Posters, then plain links. Built from the catalog so every link is a real page.
import { PRODUCTS, shortName, type Product } from '@printshop/shared-events/rules/catalog';

export interface NavLinkItem {
  label: string;
  to: string;
  /** The product a menu link leads to. */
  sku?: string;
}
export interface NavGroup {
  heading: string;
  links: NavLinkItem[];
}
export interface NavMenu {
  id: string;
  label: string;
  /** The menu's own listing page. */
  to: string;
  groups: NavGroup[];
}

const links = (filter: (p: Product) => boolean): NavLinkItem[] =>
  PRODUCTS.filter(filter).map((p) => ({ label: shortName(p.name), to: p.path, sku: p.sku }));

/**
 * The menus without the links of products the owner hid (useIsHidden), groups left empty gone, and
 * each product named as the owner named it (`live`: GET /api/products) once that answers.
 */
export function visibleMenus(
  menus: readonly NavMenu[],
  isHidden: (sku: string) => boolean,
  live?: ReadonlyArray<{ sku: string; name: string }>,
): NavMenu[] {
  const named = (link: NavLinkItem): NavLinkItem => {
    const name = link.sku && live?.find((p) => p.sku === link.sku)?.name;
    return name ? { ...link, label: shortName(name) } : link;
  };
  return menus.map((menu) => ({
    ...menu,
    groups: menu.groups
      .map((group) => ({
        ...group,
        links: group.links.filter((l) => !l.sku || !isHidden(l.sku)).map(named),
      }))
      .filter((group) => group.links.length > 0),
  }));
}

export const NAV_MENUS: readonly NavMenu[] = [
  {
    id: 'prints',
    label: 'Prints',
    to: '/prints',
    groups: [
      { heading: 'Photo Prints', links: links((p) => p.category === 'Retro Prints') },
      { heading: 'Standard Prints', links: links((p) => p.family === 'standard-prints') },
      {
        heading: 'Special Prints',
        links: links((p) => p.category === 'Photo Prints' && p.family === 'retro-prints'),
      },
    ],
  },
  {
    id: 'strips',
    label: 'Strips',
    to: '/strips',
    groups: [
      { heading: 'Film Strips', links: links((p) => p.family === 'film-strips') },
      { heading: 'Photo Strips', links: links((p) => p.family === 'photo-strips') },
    ],
  },
  {
    id: 'posters',
    label: 'Posters',
    to: '/posters',
    groups: [{ heading: 'Poster Sizes', links: links((p) => p.family === 'posters') }],
  },
];

export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Collages', to: '/collages' },
  { label: 'Greeting Cards', to: '/greeting-cards' },
  { label: 'Reviews', to: '/reviews' },
  { label: 'Contact', to: '/contact' },
];

export const ACCOUNT_LINKS: readonly NavLinkItem[] = [
  { label: 'Your Account', to: '/account' },
  { label: 'Your Addresses', to: '/account/addresses' },
  { label: 'Change Password', to: '/account/change-password' },
];
