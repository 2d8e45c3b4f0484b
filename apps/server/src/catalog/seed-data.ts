import { type LocalStyleParams, PLAN_CATALOGUE, type PlanName } from '@parti/contract'

export const SEED_CATEGORIES = [
  { id: 'hand-drawn', name: 'Hand-drawn', sortOrder: 1 },
  { id: 'graphic', name: 'Graphic', sortOrder: 2 },
  { id: 'atmosphere', name: 'Atmosphere', sortOrder: 3 },
] as const

interface SeedStyle {
  id: string
  name: string
  categoryId: (typeof SEED_CATEGORIES)[number]['id']
  prompt: string
  negativePrompt: string
  qualityPrompt: string
  localParams: LocalStyleParams
}

const NEGATIVE_COMMON =
  'blurry, distorted perspective, warped lines, watermark, text, signature, low quality, extra windows'
const QUALITY =
  'architectural visualisation, accurate proportions, clean composition, high detail, professional'

/** The seeded styles: prompts for hosted models, parameters for the local engine (each look differs visibly). */
export const SEED_STYLES: SeedStyle[] = [
  {
    id: 'marker-presentation',
    name: 'Marker Presentation',
    categoryId: 'hand-drawn',
    prompt:
      'architectural marker rendering, confident alcohol-marker strokes, crisp fineliner outlines, soft grey shadows',
    negativePrompt: NEGATIVE_COMMON,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'marker',
      lineWeight: 1.2,
      saturation: 1,
      warmth: 0.1,
      paperTexture: 0.2,
      shading: 0.6,
    },
  },
  {
    id: 'watercolour-wash',
    name: 'Watercolour Wash',
    categoryId: 'hand-drawn',
    prompt:
      'loose architectural watercolour, transparent washes bleeding at the edges, light pencil underdrawing',
    negativePrompt: NEGATIVE_COMMON,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'watercolour',
      lineWeight: 0.6,
      saturation: 0.85,
      warmth: 0.05,
      paperTexture: 0.7,
      shading: 0.4,
    },
  },
  {
    id: 'ink-wash',
    name: 'Ink Wash',
    categoryId: 'hand-drawn',
    prompt: 'sumi ink wash architectural drawing, graded black ink tones, expressive brush lines, rice paper',
    negativePrompt: `${NEGATIVE_COMMON}, colour`,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'ink-wash',
      lineWeight: 1.6,
      saturation: 0,
      warmth: 0,
      paperTexture: 0.6,
      shading: 0.8,
    },
  },
  {
    id: 'pencil-study',
    name: 'Pencil Study',
    categoryId: 'hand-drawn',
    prompt: 'graphite pencil study of the building, hatched shadows, tracing paper, architect sketchbook',
    negativePrompt: `${NEGATIVE_COMMON}, colour`,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'pencil',
      lineWeight: 0.9,
      saturation: 0,
      warmth: 0.05,
      paperTexture: 0.8,
      shading: 0.7,
    },
  },
  {
    id: 'colour-block',
    name: 'Colour Block Diagram',
    categoryId: 'graphic',
    prompt: 'flat colour-block architectural diagram, bold solid fills, no gradients, clean vector outlines',
    negativePrompt: `${NEGATIVE_COMMON}, photorealistic, texture`,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'colour-block',
      lineWeight: 1.4,
      saturation: 1.2,
      warmth: 0,
      paperTexture: 0,
      shading: 0.2,
    },
  },
  {
    id: 'blueprint',
    name: 'Blueprint',
    categoryId: 'graphic',
    prompt: 'technical blueprint, white linework on prussian blue, construction lines, drafting annotations',
    negativePrompt: `${NEGATIVE_COMMON}, colour fills`,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'blueprint',
      lineWeight: 1,
      saturation: 0,
      warmth: -0.2,
      paperTexture: 0.3,
      shading: 0.1,
    },
  },
  {
    id: 'clay-model',
    name: 'White Clay Model',
    categoryId: 'graphic',
    prompt: 'white clay massing model render, matte surfaces, soft ambient occlusion, studio light',
    negativePrompt: `${NEGATIVE_COMMON}, colour, texture`,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'clay',
      lineWeight: 0.5,
      saturation: 0.1,
      warmth: 0.05,
      paperTexture: 0,
      shading: 1,
    },
  },
  {
    id: 'night-render',
    name: 'Night Render',
    categoryId: 'atmosphere',
    prompt:
      'dusk architectural render, deep blue sky, warm glowing interiors through the glazing, long reflections',
    negativePrompt: NEGATIVE_COMMON,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'night',
      lineWeight: 0.8,
      saturation: 1.1,
      warmth: 0.3,
      paperTexture: 0,
      shading: 0.7,
    },
  },
  {
    id: 'golden-hour',
    name: 'Golden Hour',
    categoryId: 'atmosphere',
    prompt: 'architectural render at golden hour, low warm sun, long soft shadows, glowing facade',
    negativePrompt: NEGATIVE_COMMON,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'golden-hour',
      lineWeight: 0.9,
      saturation: 1.15,
      warmth: 0.3,
      paperTexture: 0.1,
      shading: 0.7,
    },
  },
  {
    id: 'nordic-mist',
    name: 'Nordic Mist',
    categoryId: 'atmosphere',
    prompt: 'calm nordic architectural watercolour, cool overcast light, muted greys and birch tones',
    negativePrompt: NEGATIVE_COMMON,
    qualityPrompt: QUALITY,
    localParams: {
      look: 'mist',
      lineWeight: 0.7,
      saturation: 0.6,
      warmth: -0.4,
      paperTexture: 0.5,
      shading: 0.5,
    },
  },
]

/** Colour palettes, five colours each: roughly sky or ceiling, main wall, secondary wall, accent, ground. */
export const SEED_PALETTES = [
  {
    id: 'warm-terracotta',
    name: 'Warm Terracotta',
    colors: ['#F3E3D3', '#D98F6C', '#B5543C', '#6E3B2A', '#8A9A5B'],
    description: 'sun-baked clay walls, warm sand and olive green',
  },
  {
    id: 'nordic-light',
    name: 'Nordic Light',
    colors: ['#EEF2F4', '#D9D4CB', '#A9B4B8', '#3F4A52', '#C8B79E'],
    description: 'pale birch, soft grey and a slate accent',
  },
  {
    id: 'coastal-breeze',
    name: 'Coastal Breeze',
    colors: ['#E4F1F6', '#F5F0E6', '#8FBBCB', '#2F6A84', '#D8C7A3'],
    description: 'white-washed walls, sea blue and dune sand',
  },
  {
    id: 'urban-concrete',
    name: 'Urban Concrete',
    colors: ['#E6E7E8', '#B8BABC', '#7C7F83', '#2E3134', '#C47A3A'],
    description: 'raw concrete greys with a corten steel accent',
  },
  {
    id: 'forest-retreat',
    name: 'Forest Retreat',
    colors: ['#E7EDE4', '#8C6A4F', '#4F6B4A', '#2B3A2C', '#A4B58E'],
    description: 'timber cladding, moss and deep forest green',
  },
  {
    id: 'desert-modern',
    name: 'Desert Modern',
    colors: ['#F6E7CF', '#E2C59B', '#C98B5B', '#7A4E35', '#B9A27E'],
    description: 'rammed earth, ochre and sandstone',
  },
  {
    id: 'mid-century',
    name: 'Mid-Century',
    colors: ['#F4EBDD', '#E0A84F', '#3E7C79', '#B4553A', '#5B4636'],
    description: 'mustard, teal, burnt orange and walnut',
  },
  {
    id: 'monochrome-gallery',
    name: 'Monochrome Gallery',
    colors: ['#FAFAFA', '#E0E0E0', '#9E9E9E', '#424242', '#BDBDBD'],
    description: 'gallery white through charcoal',
  },
  {
    id: 'japandi',
    name: 'Japandi',
    colors: ['#F2EEE7', '#D6C8B5', '#9C8A73', '#3B3631', '#7D8471'],
    description: 'rice paper, oak, ash and a sage accent',
  },
  {
    id: 'mediterranean',
    name: 'Mediterranean',
    colors: ['#DCEFFA', '#FBF7EF', '#E9C46A', '#1F5F8B', '#C86B3C'],
    description: 'lime-washed white, cobalt blue and terracotta',
  },
]

const FEATURES: Record<PlanName, string[]> = {
  lite: ['monthly_credits', 'all_tools', 'personal_licence', 'standard_queue'],
  standard: [
    'monthly_credits',
    'all_tools',
    'commercial_licence',
    'priority_processing',
    'premium_video_models',
  ],
  pro: [
    'monthly_credits',
    'all_tools',
    'commercial_licence',
    'priority_processing',
    'premium_video_models',
    'experimental_models',
    'unlimited_styles',
    'batch_processing',
    'api_access',
  ],
}

/** docs/product.md#plan-prices: prices in EUR cents and monthly credits. */
export const SEED_PLANS = (['lite', 'standard', 'pro'] as const).map((name, i) => ({
  id: name,
  name,
  priceMonthly: PLAN_CATALOGUE[name].priceMonthlyCents,
  priceYearly: PLAN_CATALOGUE[name].priceYearlyCents,
  priceYearlyMonthly: PLAN_CATALOGUE[name].priceYearlyMonthlyCents,
  monthlyCredits: PLAN_CATALOGUE[name].monthlyCredits,
  features: FEATURES[name],
  popular: name === 'standard',
  sortOrder: i + 1,
}))
