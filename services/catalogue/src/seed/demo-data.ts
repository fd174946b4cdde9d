import type { Allergen, Category, PickupSettingsInput } from '@popote/contracts';

export interface DemoCook {
  id: string;
  name: string;
}
export interface DemoMeal {
  id: string;
  cook: DemoCook;
  name: string;
  description: string;
  price_cents: number;
  portions: number;
  category: Category;
  preparation_time: number;
  ingredients: string[];
  allergens: Allergen[];
  /** Colours of the generated plate picture. */
  palette: [string, string, string];
  cooking_details?: string;
  serving_suggestions?: string;
  dietary_info?: string;
  storage_instructions?: string;
}

// Fixed ids: the identity service seeds the same cooks (accounts issue), and re-seeding is a no-op.
export const DEMO_COOKS = {
  amina: { id: 'demo-cook-amina', name: 'amina_cuisine' },
  lucas: { id: 'demo-cook-lucas', name: 'lucas_bistrot' },
  mei: { id: 'demo-cook-mei', name: 'mei_wok' },
} satisfies Record<string, DemoCook>;

/** Every day: lunch 11:30–14:00 and dinner 18:00–21:00 (Paris), so the demo can be ordered from at any time. */
const everyDay = (ranges: [string, string][]) =>
  [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => ranges.map(([start, end]) => ({ weekday, start, end })));

/** The demo cooks' pick-up rules. */
export const DEMO_PICKUP: Record<string, PickupSettingsInput> = {
  [DEMO_COOKS.amina.id]: {
    windows: everyDay([
      ['11:30', '14:00'],
      ['18:00', '21:00'],
    ]),
    days_off: [],
    address: { street: '12 rue de Marseille', postcode: '69007', commune_code: '69387' }, // Lyon 7e
    cutoff_minutes: 60,
    slot_minutes: 30,
    capacity: 6,
    capacity_unit: 'orders',
    // Amina delivers in the evening around Lyon (ADR 0044): 5 € as the specification says, free from 30 €.
    delivery: {
      enabled: true,
      radius_km: 5,
      fee_cents: 500,
      free_above_cents: 3000,
      windows: everyDay([['18:30', '21:30']]),
      slot_minutes: 30,
      cutoff_minutes: 120,
      capacity: 3,
    },
  },
  [DEMO_COOKS.lucas.id]: {
    windows: everyDay([['18:00', '21:00']]),
    days_off: [],
    address: { street: '4 rue Paul Bert', postcode: '69003', commune_code: '69383' }, // Lyon 3e
    cutoff_minutes: 120,
    slot_minutes: 30,
    capacity: 20,
    capacity_unit: 'portions',
  },
  [DEMO_COOKS.mei.id]: {
    windows: everyDay([
      ['11:30', '14:00'],
      ['18:00', '22:00'],
    ]),
    days_off: [],
    address: { street: '30 cours Émile Zola', postcode: '69100', commune_code: '69266' }, // Villeurbanne
    cutoff_minutes: 30,
    slot_minutes: 15,
    capacity: 4,
    capacity_unit: 'orders',
  },
};

export const DEMO_MEALS: DemoMeal[] = [
  {
    id: 'demo-meal-tajine',
    cook: DEMO_COOKS.amina,
    name: 'Tajine de poulet aux citrons confits',
    description: 'Poulet fermier mijoté trois heures avec citrons confits, olives vertes et coriandre fraîche.',
    price_cents: 1250,
    portions: 6,
    category: 'mediterranean',
    preparation_time: 180,
    ingredients: ['Poulet', 'Citron', 'Oignon', 'Ail', 'Coriandre', 'Cumin', "Huile d'olive"],
    allergens: [],
    palette: ['#c8742b', '#f2c14e', '#6b8e23'],
    serving_suggestions: 'Avec une semoule fine ou du pain maison.',
    storage_instructions: 'Se conserve 3 jours au réfrigérateur.',
  },
  {
    id: 'demo-meal-couscous',
    cook: DEMO_COOKS.amina,
    name: 'Couscous aux sept légumes',
    description: 'Semoule roulée à la main, bouillon parfumé, carottes, courgettes et pois chiches.',
    price_cents: 1100,
    portions: 2,
    category: 'vegetarian',
    preparation_time: 120,
    ingredients: ['Semoule', 'Carotte', 'Courgette', 'Pois chiches', 'Tomate', 'Oignon', 'Cumin'],
    allergens: ['gluten', 'celery'],
    palette: ['#e0a458', '#d9534f', '#5cb85c'],
    dietary_info: 'Végétarien.',
  },
  {
    id: 'demo-meal-bourguignon',
    cook: DEMO_COOKS.lucas,
    name: 'Bœuf bourguignon',
    description: 'Le classique du dimanche : bœuf fondant, vin rouge, lardons, champignons et carottes.',
    price_cents: 1450,
    portions: 8,
    category: 'french',
    preparation_time: 240,
    ingredients: ['Bœuf', 'Carotte', 'Champignons', 'Oignon', 'Ail', 'Farine', 'Beurre'],
    allergens: ['gluten', 'milk', 'sulphites'],
    palette: ['#6d2e1f', '#a0522d', '#e8b04a'],
    cooking_details: 'Mijoté au four à 150 °C pendant 4 heures.',
  },
  {
    id: 'demo-meal-quiche',
    cook: DEMO_COOKS.lucas,
    name: 'Quiche lorraine',
    description: 'Pâte brisée maison, appareil œufs-crème, lardons fumés. Part généreuse.',
    price_cents: 650,
    portions: 1,
    category: 'french',
    preparation_time: 60,
    ingredients: ['Farine', 'Beurre', 'Œufs', 'Crème fraîche', 'Lait', 'Porc'],
    allergens: ['gluten', 'eggs', 'milk'],
    palette: ['#f3d98b', '#d4a84b', '#8c6d3f'],
  },
  {
    id: 'demo-meal-tarte',
    cook: DEMO_COOKS.lucas,
    name: 'Tarte au chocolat',
    description: 'Ganache au chocolat noir 70 % sur un sablé breton croustillant.',
    price_cents: 450,
    portions: 0,
    category: 'dessert',
    preparation_time: 90,
    ingredients: ['Chocolat', 'Farine', 'Beurre', 'Œufs', 'Crème fraîche'],
    allergens: ['gluten', 'eggs', 'milk'],
    palette: ['#3e2417', '#6f4e37', '#f5e6c8'],
  },
  {
    id: 'demo-meal-curry',
    cook: DEMO_COOKS.mei,
    name: 'Curry vert thaï au poulet',
    description: 'Curry vert maison au lait de coco, basilic thaï et légumes croquants, servi avec du riz jasmin.',
    price_cents: 1300,
    portions: 5,
    category: 'thai',
    preparation_time: 45,
    ingredients: ['Poulet', 'Lait de coco', 'Curry', 'Basilic', 'Riz', 'Poivron', 'Gingembre'],
    allergens: ['fish'],
    palette: ['#7fb069', '#f4f1bb', '#e6aa68'],
  },
  {
    id: 'demo-meal-gyoza',
    cook: DEMO_COOKS.mei,
    name: 'Gyozas porc et légumes',
    description: 'Douze raviolis japonais grillés puis vapeur, sauce soja-gingembre.',
    price_cents: 950,
    portions: 3,
    category: 'japanese',
    preparation_time: 50,
    ingredients: ['Porc', 'Farine', 'Gingembre', 'Ail', 'Poireau'],
    allergens: ['gluten', 'soybeans', 'sesame'],
    palette: ['#f0dfb4', '#b5651d', '#2e4057'],
  },
  {
    id: 'demo-meal-bowl',
    cook: DEMO_COOKS.mei,
    name: 'Bowl tofu mariné et légumes',
    description: 'Tofu mariné grillé, riz complet, épinards, carottes et sauce sésame.',
    price_cents: 1050,
    portions: 10,
    category: 'vegan',
    preparation_time: 30,
    ingredients: ['Tofu', 'Riz', 'Épinards', 'Carotte', 'Gingembre'],
    allergens: ['soybeans', 'sesame'],
    palette: ['#8cb369', '#f4a259', '#5b8e7d'],
    dietary_info: 'Végan, sans lactose.',
  },
];
