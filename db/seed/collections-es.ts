/**
 * The sample collections' and looks' Spanish texts, in the Spanish of El Barrio (US Spanish, "tú"), saying
 * the same as the English in collections.ts and culture.ts. Collection names are the brand's and stay as
 * they are; descriptions, seasons, look titles, captions and picture descriptions are translated.
 */

/** Each collection's Spanish description, and its season when it has one, by slug. */
export const seedCollectionsEs: Readonly<Record<string, { description: string; season?: string }>> = {
  "spring-2024-urban-renaissance": {
    description:
      "Nuestra primera primavera: capas más livianas, colores más vivos y gráficos sacados de los murales, los stoops y los caminos junto al río de East Harlem, ahora que el barrio vuelve a salir a la calle.",
    season: "Primavera 2024",
  },
  "street-essentials": {
    description: "Las piezas de todos los días, las primeras que agarras: camisetas, felpa y gorras hechas para usarse duro y lavarse seguido.",
  },
  "underground-classics": {
    description: "Discos, casetes, láminas y gráficos en honor a los cyphers, los grafiteros y los diggers que levantaron la cultura uptown.",
  },
  "limited-edition": {
    description: "Tiradas cortas, piezas numeradas y lanzamientos de aniversario. Cuando se acaban, se acabaron.",
  },
};

/** Each sample look's Spanish title, caption and picture description, by its English title. */
export const seedLooksEs: Readonly<Record<string, { title: string; caption: string; imageAlt: string }>> = {
  "Mural Walk": {
    title: "Paseo entre murales",
    caption:
      "Lexington con la 104, el primer sábado de calor: una chaqueta ligera para el viento que sube del río, shorts de malla y un sombrero bucket para la larga caminata hacia el norte.",
    imageAlt: "Una persona con un rompevientos dorado, shorts negros de malla y un sombrero bucket camina frente a un mural de colores vivos.",
  },
  "Stoop Morning": {
    title: "Mañana en el stoop",
    caption:
      "Un cafecito en el stoop antes de que despierte el bloque: una camiseta de manga larga y una gorra dad, y otra camiseta para el vecino que siempre se para a conversar.",
    imageAlt: "Dos amigos en la escalinata de un brownstone, uno con manga larga y gorra, el otro con una camiseta estampada.",
  },
  "Rooftop Dusk": {
    title: "Atardecer en la azotea",
    caption: "Cuando el sol se esconde detrás de los proyectos y salen las bocinas: una chaqueta coach sobre una camiseta de salsa y breaks.",
    imageAlt: "Una persona en una azotea al atardecer, con una chaqueta coach azul marino abierta sobre una camiseta roja estampada.",
  },
  "Basement Session": {
    title: "Sesión en el sótano",
    caption: "Buscando discos entre las cajas del estudio en el sótano: la sudadera, la gorra y los pants que agarras primero.",
    imageAlt: "Una persona con una sudadera negra con capucha, una gorra y pantalones deportivos grises, de pie junto a cajas de discos.",
  },
};
