import { type DemoContext, DEMO_DAY, metaOf } from './context';

const PAGES = [
  ['Home', 'Thuis', 'Everything about Demo Events'],
  ['Line-up', 'Line-up', 'Who plays when'],
  ['Map', 'Kaart', 'Find your way'],
  ['Tickets', 'Tickets', 'Buy and manage your tickets'],
  ['Food & drinks', 'Eten & drinken', 'Pay cashless at every bar'],
  ['FAQ', 'Veelgestelde vragen', 'Answers to common questions'],
  ['House rules', 'Huisregels', 'Keep it safe and fun'],
  ['Contact', 'Contact', 'Get in touch'],
] as const;

const VIDEOS = [
  ['youtube', 'Aftermovie Summer Festival', 'The best moments of last summer'],
  ['youtube', 'How to top up', 'Top up your credit in the app in 30 seconds'],
  ['vimeo', 'Line-up announcement', 'Meet the artists of this year'],
  ['upload', 'Safety instructions', 'Where to find first aid and exits'],
  ['upload', 'Behind the scenes', 'Building the main stage'],
] as const;

/** App pages (one archived) and videos of a few kinds. */
export function seedPages(ctx: DemoContext): string[] {
  const createdAt = ctx.clock.yearStart - 40 * DEMO_DAY;
  const ids = PAGES.map(([en, nl, subTitle], index) =>
    ctx.add('page', createdAt + index * 600, { name: { full: en }, nameLocalized: { full: { en, nl } }, subTitle, meta: metaOf('page', createdAt + index * 600) }));
  ctx.add('page', createdAt, { name: { full: 'Corona measures' }, nameLocalized: { full: { en: 'Corona measures', nl: 'Coronamaatregelen' } }, subTitle: 'No longer in force', meta: metaOf('page', createdAt, { archived: true }) });
  VIDEOS.forEach(([kind, full, description], index) => {
    ctx.add('video', createdAt + index * 600, { kind, name: { full, description }, nameLocalized: { full: { en: full } }, meta: metaOf('video', createdAt + index * 600) });
  });
  return ids;
}
