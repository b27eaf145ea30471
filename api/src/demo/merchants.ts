import { type DemoContext, type Doc, DEMO_DAY, metaOf } from './context';

export interface DemoProduct {
  id: string;
  name: string;
  cents: number;
  type: string;
}

export interface DemoMerchant {
  id: string;
  name: string;
  products: DemoProduct[];
  terminalIds: string[];
  /** share of the sales this merchant gets */
  weight: number;
}

type ProductSpec = readonly [en: string, nl: string, cents: number, tax: 0.09 | 0.21, type: 'drink' | 'others' | 'locker-company-locker', content: Doc];

const beer = (alcohol: number, volume: number) => ({ alcohol, volume, servings: 1, cups: 1, calories: Math.round(volume * 0.43), co2: 0.3 });
const soft = (volume: number, calories: number) => ({ alcohol: 0, volume, servings: 1, cups: 1, calories, co2: 0.1 });
const food = (weight: number, calories: number) => ({ weight, servings: 1, calories, co2: 1.2 });
const locker = (size: string) => ({ lockerCompanyEventId: 'lc-event-2026', lockerCompanySizeId: `lc-size-${size}`, lockerCompanyPeriodId: 'lc-period-day' });

/** Eight merchants with their products: every product type, tax 9 % (food, soft drinks) and 21 % (alcohol, merchandise). */
const MERCHANTS: readonly { en: string; nl: string; id: string; weight: number; products: readonly ProductSpec[] }[] = [
  {
    en: 'Main Bar', nl: 'Hoofdbar', id: 'main-bar', weight: 30,
    products: [
      ['Beer', 'Bier', 350, 0.21, 'drink', beer(0.05, 250)], ['Large beer', 'Groot bier', 650, 0.21, 'drink', beer(0.05, 500)],
      ['Alcohol-free beer', 'Alcoholvrij bier', 350, 0.09, 'drink', soft(250, 60)], ['Cola', 'Cola', 300, 0.09, 'drink', soft(250, 105)],
      ['Cola zero', 'Cola zero', 300, 0.09, 'drink', soft(250, 1)], ['Orange juice', 'Jus d’orange', 350, 0.09, 'drink', soft(200, 90)],
      ['Water', 'Water', 250, 0.09, 'drink', soft(330, 0)], ['White wine', 'Witte wijn', 500, 0.21, 'drink', { alcohol: 0.12, volume: 150, servings: 1, cups: 1 }],
      ['Red wine', 'Rode wijn', 500, 0.21, 'drink', { alcohol: 0.13, volume: 150, servings: 1, cups: 1 }], ['Cup deposit', 'Bekerstatiegeld', 100, 0.21, 'others', { cups: 1 }],
      ['Crisps', 'Chips', 250, 0.09, 'others', food(40, 210)], ['Beer pitcher', 'Bierkan', 1800, 0.21, 'drink', { alcohol: 0.05, volume: 1500, servings: 6, cups: 6 }],
    ],
  },
  {
    en: 'Beer Garden', nl: 'Biertuin', id: 'beer-garden', weight: 18,
    products: [
      ['IPA', 'IPA', 550, 0.21, 'drink', beer(0.07, 330)], ['Weizen', 'Weizen', 550, 0.21, 'drink', beer(0.05, 330)],
      ['Tripel', 'Tripel', 600, 0.21, 'drink', beer(0.08, 330)], ['Radler', 'Radler', 400, 0.21, 'drink', beer(0.02, 330)],
      ['Lemonade', 'Limonade', 300, 0.09, 'drink', soft(250, 80)], ['Bitterballen', 'Bitterballen', 650, 0.09, 'others', food(180, 420)],
      ['Cheese cubes', 'Kaasblokjes', 500, 0.09, 'others', food(150, 500)],
    ],
  },
  {
    en: 'Cocktail Bar', nl: 'Cocktailbar', id: 'cocktail-bar', weight: 10,
    products: [
      ['Mojito', 'Mojito', 1000, 0.21, 'drink', { alcohol: 0.12, volume: 250, servings: 1, cups: 1 }], ['Gin tonic', 'Gin-tonic', 950, 0.21, 'drink', { alcohol: 0.1, volume: 250, servings: 1, cups: 1 }],
      ['Espresso martini', 'Espresso martini', 1100, 0.21, 'drink', { alcohol: 0.15, volume: 150, servings: 1, cups: 1 }],
      ['Virgin mojito', 'Virgin mojito', 700, 0.09, 'drink', soft(250, 90)], ['Aperol spritz', 'Aperol spritz', 950, 0.21, 'drink', { alcohol: 0.08, volume: 250, servings: 1, cups: 1 }],
    ],
  },
  {
    en: 'Food Court', nl: 'Foodcourt', id: 'food-court', weight: 16,
    products: [
      ['Fries', 'Friet', 450, 0.09, 'others', food(200, 550)], ['Burger', 'Hamburger', 1100, 0.09, 'others', food(300, 750)],
      ['Veggie burger', 'Veggieburger', 1100, 0.09, 'others', food(280, 600)], ['Pizza slice', 'Pizzapunt', 500, 0.09, 'others', food(150, 400)],
      ['Falafel wrap', 'Falafelwrap', 900, 0.09, 'others', food(250, 520)], ['Poke bowl', 'Pokébowl', 1300, 0.09, 'others', food(400, 600)],
      ['Churros', 'Churros', 550, 0.09, 'others', food(120, 380)], ['Kroket', 'Kroket', 400, 0.09, 'others', food(100, 280)],
    ],
  },
  {
    en: 'Coffee Corner', nl: 'Koffiehoek', id: 'coffee-corner', weight: 10,
    products: [
      ['Coffee', 'Koffie', 300, 0.09, 'drink', soft(200, 2)], ['Cappuccino', 'Cappuccino', 380, 0.09, 'drink', soft(200, 90)],
      ['Latte', 'Latte', 420, 0.09, 'drink', soft(300, 150)], ['Tea', 'Thee', 280, 0.09, 'drink', soft(250, 0)],
      ['Hot chocolate', 'Warme chocolademelk', 400, 0.09, 'drink', soft(250, 200)], ['Apple pie', 'Appeltaart', 450, 0.09, 'others', food(150, 350)],
    ],
  },
  {
    en: 'Merch Stand', nl: 'Merchandise', id: 'merch-stand', weight: 4,
    products: [
      ['T-shirt', 'T-shirt', 2500, 0.21, 'others', { weight: 180 }], ['Hoodie', 'Hoodie', 4500, 0.21, 'others', { weight: 500 }],
      ['Cap', 'Pet', 1800, 0.21, 'others', { weight: 90 }], ['Poncho', 'Poncho', 500, 0.21, 'others', { weight: 60 }],
      ['Tote bag', 'Tas', 1200, 0.21, 'others', { weight: 120 }],
    ],
  },
  {
    en: 'Lockers', nl: 'Kluisjes', id: 'lockers', weight: 4,
    products: [
      ['Locker small', 'Kluisje klein', 800, 0.21, 'locker-company-locker', locker('s')],
      ['Locker large', 'Kluisje groot', 1200, 0.21, 'locker-company-locker', locker('l')],
      ['Locker charging', 'Kluisje met lader', 1500, 0.21, 'locker-company-locker', locker('c')],
    ],
  },
  {
    en: 'Backstage Bar', nl: 'Backstagebar', id: 'backstage-bar', weight: 8,
    products: [
      ['Beer', 'Bier', 300, 0.21, 'drink', beer(0.05, 250)], ['Soda', 'Frisdrank', 250, 0.09, 'drink', soft(250, 100)],
      ['Energy drink', 'Energiedrank', 400, 0.09, 'drink', soft(250, 115)], ['Sandwich', 'Broodje', 500, 0.09, 'others', food(180, 380)],
      ['Crew meal', 'Crewmaaltijd', 0, 0.09, 'others', food(450, 800)], ['Prosecco', 'Prosecco', 700, 0.21, 'drink', { alcohol: 0.11, volume: 125, servings: 1, cups: 1 }],
    ],
  },
];

const slots = (ids: readonly string[], size: number) => [...ids.slice(0, size), ...Array.from({ length: Math.max(0, size - ids.length) }, () => '')];

/** Merchants with products, mobile and tablet layouts (tablet with 24 slots) and 2 to 4 register terminals each. */
export function seedMerchants(ctx: DemoContext, count: number): DemoMerchant[] {
  const { rng, clock } = ctx;
  const merchants: DemoMerchant[] = [];
  const createdAt = clock.yearStart - 30 * DEMO_DAY;
  for (const spec of MERCHANTS.slice(0, count)) {
    const merchantId = ctx.id(createdAt);
    const products: DemoProduct[] = spec.products.map(([en, nl, cents, tax, type, content]) => {
      const doc: Doc = {
        nameLocalized: { full: { en, nl }, description: { en: `${en} from the ${spec.en}`, nl: `${nl} van de ${spec.nl}` } },
        price: { cents },
        taxPercentage: tax,
        type,
        content,
        merchantRef: { merchantId },
        meta: metaOf('product', createdAt),
      };
      return { id: ctx.add('product', createdAt, doc), name: en, cents, type };
    });
    const ids = products.map((product) => product.id);
    ctx.add('merchant', createdAt, {
      name: { full: spec.en, description: `${spec.en} at every event`, id: spec.id },
      nameLocalized: { full: { en: spec.en, nl: spec.nl }, description: { en: `${spec.en} at every event`, nl: `${spec.nl} op elk evenement` } },
      productLayoutMobile: { tab0: { nameLocalized: { full: { en: 'Menu', nl: 'Menu' } }, placement: [...ids, ''] } },
      productLayoutTablet: { tab0: { nameLocalized: { full: { en: 'Register', nl: 'Kassa' } }, placement: slots(ids, Math.max(24, ids.length + 1)) } },
      meta: metaOf('merchant', createdAt, { archived: false }),
    }, merchantId);
    const terminalIds: string[] = [];
    const terminals = rng.int(2, 4);
    for (let number = 1; number <= terminals; number++) {
      terminalIds.push(ctx.add('registerTerminal', createdAt, {
        name: { full: `${spec.en} register ${number}` },
        merchantRef: { merchantId },
        meta: metaOf('registerTerminal', createdAt),
      }));
    }
    merchants.push({ id: merchantId, name: spec.en, products, terminalIds, weight: spec.weight });
  }
  return merchants;
}
