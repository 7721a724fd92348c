/**
 * The sample culture's Spanish texts, in the Spanish of El Barrio (US Spanish, "tú", the neighbourhood's
 * own words: mahones, frisas, tenis, la 116), saying what the English says. Keyed by slug (ticket types by
 * their event's slug and English name). What is a name stays and has no entry here (ADR 0025): authors,
 * track titles and artists, a mix's name, a street address, and the name part of an event's title.
 */

/** A story's Spanish: every text of it (its body keeps the English one's product embeds, line for line). */
export interface SeedArticleEs {
  title: string;
  category: string;
  excerpt: string;
  imageAlt: string;
  body: string;
}

/** An event's Spanish; a text left out is a name or an address, shown as it is. */
export interface SeedEventEs {
  title: string;
  kind: string;
  timeLabel: string;
  description: string;
  venue?: string;
  imageAlt: string;
}

/** A playlist's Spanish; a title left out is the mix's name, shown as it is. */
export interface SeedPlaylistEs {
  title?: string;
  description: string;
  coverAlt: string;
}

export const seedArticlesEs: Readonly<Record<string, SeedArticleEs>> = {
  "the-walls-speak-murals-of-east-harlem": {
    title: "Las paredes hablan: los murales de East Harlem",
    category: "Arte",
    excerpt:
      "Desde las paredes en memoria hasta las obras que cubren una cuadra entera, los murales de East Harlem guardan la memoria del barrio. Caminamos de la 104 a la 125 con los pintores que los mantienen vivos y les preguntamos qué están diciendo las paredes ahora.",
    imageAlt: "Un mural lleno de color que cubre una cuadra entera en East Harlem, con retratos, banderas y letras llamativas.",
    body: `Empieza en la calle 104 y camina hacia el norte por la Lexington con la cabeza en alto. Antes de llegar al tren, las paredes ya te han dicho quién vive aquí: una bandera de Puerto Rico estirada a lo largo de cuatro pisos, el retrato de una abuela que le dio de comer a todo el edificio, un amanecer sobre un río que la mayoría de los turistas nunca ve desde este lado.

East Harlem lleva más de cincuenta años pintando sus propias paredes. Mucho antes de que alguien le dijera arte urbano, el barrio usaba el ladrillo como periódico, como iglesia y como álbum de familia. Cuando la ciudad miraba para otro lado, las paredes le sostenían la mirada.

## La memoria en spray

Para muchos de nosotros, las paredes en memoria fueron las primeras. Un nombre en letras altas, las fechas debajo, una corona o un par de alas. Se hacían rápido, casi siempre de un día para otro, y las pintaban los mismos writers que bombardeaban los trenes. "Uno pintaba la pared para que nadie pudiera hacerse el loco con lo que pasó", nos dijo uno de los pintores veteranos en la 110, limpiándose las manos con un trapo que se notaba que llevaba décadas trabajando.

Algunas de esas paredes ya no están: los caseros les pasaron pintura encima o quedaron escondidas detrás de edificios nuevos. Las que quedan se retocan todos los años, muchas veces por las mismas manos. Los colores están más vivos de lo que recuerdas. Eso es a propósito.

## Las obras de toda una cuadra

Después están las grandes: fachadas enteras convertidas en clases de historia. Taínos y leyendas de la salsa, Young Lords y b-boys, los pleneros y los primeros DJs que sacaban la luz de los postes con extensiones. Estos murales tomaron meses, andamios y reuniones de vecinos para decidir a quién se pintaba y dónde. Se discuten, y eso también es parte de su trabajo.

Pasamos una tarde con un grupo que estaba repintando la parte de abajo de una pared que el sol había desteñido. Los nenes del edificio les traían agua y opiniones. A las cinco, uno de ellos ya tenía una brocha en la mano y estaba rellenando el cielo.

{{product:el-barrio-mural-print}}

## Lo que dicen las paredes ahora

La obra nueva es más callada en unos sitios y más fuerte en otros. Hay paredes sobre la renta y paredes sobre el arroz con habichuelas, paredes sobre los muchachos que se fueron a la universidad y los que volvieron. Muchas dicen lo mismo con distintos acentos: todavía estamos aquí.

Ese es el hilo que seguimos en el estudio. Cada temporada empieza con esta caminata, un celular lleno de fotos y una libreta llena de letras. Los colores de nuestras láminas y camisetas salen directo de estos ladrillos, y la pared que cuida la avenida ahora es una lámina que puedes colgar en tu casa, hecha con la bendición de la gente que la pintó.

{{product:wildstyle-wall-tee}}

Si haces la ruta por tu cuenta, ve despacio, saluda y no te recuestes de la pintura. Ahí se está secando la memoria de alguien.`,
  },
  "from-cyphers-to-stages": {
    title: "Del cypher a la tarima",
    category: "Música",
    excerpt: "Cómo un cypher de martes por la noche en el salón de la comunidad se convirtió en la rampa de lanzamiento de una nueva camada de MCs de uptown.",
    imageAlt: "Un círculo de MCs jóvenes soltando versos por turnos en un salón de la comunidad.",
    body: `Los martes por la noche, el salón de la comunidad en el primer piso huele a cera de piso y a pizza. Para las ocho ya arrimaron las sillas plegables contra la pared, hay una bocina del tamaño de una maleta enchufada al lado del piano, y alguien ya está rapeando solo en una esquina.

El cypher empezó hace seis años con cuatro muchachos y un celular tocando instrumentales. Ahora vienen cuarenta personas en una noche buena, y la regla es la misma de la primera vez: esperas tu turno, escuchas cuando no es tu turno y nadie se ríe si alguien se traba.

## El salón es el maestro

Lo que enseña el cypher no sale en ninguna clase. Aprendes a contar las barras de oído. Aprendes que un punchline pega más duro después de tomar aire. Aprendes que el muchacho callado de la puerta lleva tres años escribiendo y solo necesitaba que el círculo se abriera.

"La primera vez que entré se me olvidó todo", nos contó uno de los que nunca faltan. "Alguien mantuvo el beat y me hizo así con la cabeza. A la semana siguiente volví con dieciséis barras y las dije todas."

## Primero los casetes, después la tarima

A los dos años, los de siempre empezaron a grabar. Una laptop, un clóset forrado con frisas, un micrófono que costó menos que un par de tenis. Así salió el primer Block Tapes: veinte temas de productores de cuarto y MCs del cypher, pasados a casete a mano, porque así fue como los más veteranos del salón escucharon esta música por primera vez.

{{product:block-tapes-vol-1-cassette}}

Los casetes fueron de mano en mano, y de la mano al club. Los promotores de downtown empezaron a preguntar quiénes eran estos muchachos. Esta primavera, tres de los del cypher abrieron para artistas de gira, y una de ellas se subió a la tarima de un festival frente a más gente de la que vive en su bloque.

## Todavía es martes

El éxito no movió el cypher. El segundo volumen de los casetes se agotó en un fin de semana, y el salón estaba igual de lleno el martes siguiente, con caras nuevas esperando su turno al lado de la puerta.

{{product:block-tapes-vol-2-cassette}}

Si vienes, no traigas nada más que los oídos. El beat va a seguir sonando cuando llegues.`,
  },
  "threads-of-the-block": {
    title: "Las pintas del bloque",
    category: "Moda",
    excerpt: "Argollas de bambú, mahones personalizados, camisetas de airbrush: una mirada al estilo del barrio con el que crecimos y del que todavía sacamos nuestros diseños.",
    imageAlt: "Camisetas pintadas con aerógrafo y mahones personalizados colgados en la vidriera de una tienda.",
    body: `Cada barrio tiene su uniforme, aunque nadie se haya puesto de acuerdo. En East Harlem el nuestro no pasaba desapercibido: argollas de bambú doradas, tenis blancos nuevecitos que se limpiaban con un cepillo de dientes, mahones con tu nombre pintado a lo largo de la pierna y una camiseta de la tienda de airbrush de la 116 que le decía a todo el mundo exactamente a quién querías.

## El mostrador del airbrush

Las tiendas de airbrush fueron nuestras primeras casas de moda. Entrabas con una idea, un nombre y unos pesos, y salías con una camiseta que nadie más en el mundo tenía. Cumpleaños, memoriales, crews, novios y novias: el mostrador hacía de todo. Los artistas trabajaban rápido y a pulso, y los mejores tenían listas de espera que llegaban hasta el mes siguiente.

Todavía pensamos en esos mostradores cuando diseñamos. Una camiseta no es solo una prenda lisa con un logo; es un mensaje que te pones para salir a la esquina.

{{product:vintage-barrio-tee}}

## El corte es una decisión

En el bloque, el estilo nunca fue cosa de modas que llegaban de otro sitio. Era cosa de corte y de cuidado. Mahones planchados con su raya, sudaderas una talla más grande, gorras con la etiqueta todavía pegada para que todos supieran que eran nuevas. Los primos mayores pasaban las chaquetas, y las chaquetas regresaban con parches y pines que contaban la historia del próximo dueño.

Por eso trabajamos con algodón grueso y felpa que no pierde la forma después de cien lavadas. Aquí la ropa se vive.

## Pasarlo a los que vienen

Baja por la Tercera Avenida un sábado y vas a ver toda la historia a la vez: una abuela con su sombrero de iglesia, un adolescente con los tenis más nuevos, un papá con la misma chaqueta de equipo que usaba en 1994. Nadie está disfrazado. Todo tiene su lugar.

Nuestro trabajo es sencillo: seguir escuchando al bloque y hacer piezas que puedan estar al lado de todo eso sin gritar más que nadie.`,
  },
  "breaking-ground-b-boys-of-116th-street": {
    title: "Abriendo camino: los b-boys de la calle 116",
    category: "Baile",
    excerpt: "Cartón, un boombox y gente alrededor: los crews que convirtieron una esquina de la 116 en el sitio donde se demuestra lo que uno vale.",
    imageAlt: "Un b-boy congelado a mitad de un paso sobre un cartón mientras la gente mira.",
    body: `Primero va el cartón. Una caja de nevera aplastada si tienes suerte, dos cajas de televisor pegadas con cinta si no. Después el boombox, y después la gente, que se junta más rápido de lo que te imaginas en una noche de calor en la calle 116.

## Una esquina con reglas

El breaking en esta esquina tiene reglas más viejas que la mayoría de los bailarines. No pisas el cartón a menos que vayas a entrar. A una burla se le contesta con una burla mejor, no con las manos. Y cuando alguien clava un paso que nadie había visto, todo el círculo hace ruido, hasta el crew que va perdiendo.

Los primeros crews practicaban en pasillos y azoteas, sobre un linóleo que les destrozaba los codos. Se intercambiaban pasos como barajitas de pelota: un windmill del Bronx, un juego de pies de Brooklyn, un freeze que era puro uptown.

## Entrenando como atletas

Los b-boys y las b-girls de la esquina hoy entrenan como atletas, porque lo son. Estiramientos, acondicionamiento, horas repitiendo la misma transición hasta que se pierde dentro del flow. Varios compiten a nivel internacional. Aun así, vuelven al cartón los viernes por la noche.

"La tarima está bien", dijo una de las líderes del crew, recuperando el aire después de una ronda. "Pero aquí es donde se sabe si es de verdad. La esquina no aplaude por nada."

{{product:boom-bap-sweatpants}}

## Lo que la esquina devuelve

Pregúntales por qué siguen viniendo y las respuestas suenan igual: es gratis, es afuera y es de todo el mundo. Los nenes chiquitos copian el toprock en la orilla del círculo. Los veteranos que llevan veinte años sin bailar se quedan atrás y gritan los nombres de los pasos como otros nombran canciones viejas.

Hacemos ropa para moverse por noches como estas. Si no aguanta una ronda de piso sobre el cartón, no sale del estudio.`,
  },
};

export const seedEventsEs: Readonly<Record<string, SeedEventEs>> = {
  "rooftop-frequencies-live-session": {
    title: "Rooftop Frequencies: sesión en vivo",
    kind: "Sesión en vivo",
    timeLabel: "De la apertura al último llamado",
    description:
      "Tres DJs, una azotea, toda la noche. Sets solo en vinilo, un cypher en vivo a la medianoche y la primera tirada del Vol. 2 en la mesa de la mercancía.",
    // "East 116th Street, East Harlem" is an address: it stays as written.
    imageAlt: "Póster de la sesión en vivo del 15 de junio: tornamesas en una azotea de noche.",
  },
  "paint-the-block-art-exhibition": {
    title: "Paint the Block: exposición de arte",
    kind: "Exposición de arte",
    timeLabel: "Recepción de apertura",
    description:
      "Lienzos, libretas de bocetos y fotos de los muralistas y writers que pintan East Harlem. Pintura en vivo afuera, un DJ adentro, gratis y abierto a todo el barrio.",
    venue: "Una galería en la calle 116 Este",
    imageAlt: "Póster de la exposición de arte del 20 de julio: latas de spray y una pared de ladrillo salpicada de pintura.",
  },
};

/** Ticket types' Spanish names by event and English name ("General" and "VIP" are said the same way on a Spanish flyer). */
export const seedTicketTypesEs: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "rooftop-frequencies-live-session": { General: "General", VIP: "VIP" },
};

export const seedPlaylistsEs: Readonly<Record<string, SeedPlaylistEs>> = {
  // "Uptown After Dark" is the mix's name (Vol. 1): it stays.
  "uptown-after-dark": {
    description: "Nuestra primera mezcla: breaks empolvados, flips de soul latino y boom bap de madrugada, grabada en vivo en una azotea cerca de la Lexington.",
    coverAlt: "Portada de la mezcla Vol. 1: un disco de vinilo sobre el skyline de East Harlem de noche.",
  },
  "harlem-classics": {
    title: "Clásicos de Harlem",
    description: "Los discos que levantaron el bloque: clásicos de la era dorada y los breaks que todo DJ de uptown se sabe de memoria.",
    coverAlt: "Portada de Clásicos de Harlem: una pila de fundas de vinilo gastadas.",
  },
  "underground-heat": {
    title: "Candela underground",
    description: "Nada de versiones para la radio. Cyphers de sótano, productores del barrio y las nuevas voces que salen de East Harlem.",
    coverAlt: "Portada de Candela underground: un micrófono que brilla en un sótano oscuro.",
  },
  "block-party-anthems": {
    title: "Himnos del block party",
    description: "Hidrantes abiertos, mesas plegables, bocinas en la ventana. El verano en el bloque, todo el año.",
    coverAlt: "Portada de Himnos del block party: bocinas apiladas en la acera bajo unas guirnaldas de luces.",
  },
};
