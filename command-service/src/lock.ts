/**
 * Runs `work` while no other work under the same key runs, in any process of the shop (infra's
 * postgres/advisory-lock.ts).
 */
export type Lock = <T>(key: string, work: () => Promise<T>) => Promise<T>;
