type Dutch = typeof import('./nl');

let dutch: Dutch | undefined;
let loading: Promise<Dutch> | undefined;

/**
 * The Dutch dictionary: it holds every string of the admin, so it is fetched the first time Dutch is chosen (or
 * at the start, when it was chosen before), not by every English visit.
 */
export function loadDutch(): Promise<Dutch> {
  return (loading ??= import('./nl').then((module) => (dutch = module)));
}

/** The Dutch dictionary once it is in. */
export function loadedDutch(): Dutch | undefined {
  return dutch;
}
