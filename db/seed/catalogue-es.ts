/**
 * The sample catalogue's Spanish texts: each product's description, by slug, in the Spanish of El Barrio
 * (US Spanish, "tú"), saying the same as the English in catalogue.ts. Product names stay as they are.
 */
export const seedProductDescriptionsEs: Readonly<Record<string, string>> = {
  "harlem-classic-tee":
    "La camiseta con la que empezó todo: algodón grueso, un logo limpio en el pecho y un corte hecho para el bloque. La negra es la de siempre; la blanca cuesta un poco más por su acabado óptico de doble lavado.",
  "east-harlem-hoodie":
    "Felpa cepillada, capucha de doble forro y \"East Harlem\" bordado en el pecho. Hecha para las mañanas frías en la calle 116 y las noches largas en el stoop.",
  "vintage-barrio-tee":
    "Lavada en prenda para ese toque gastado, como heredada. Un escudo de El Barrio desteñido que parece que ya ha vivido unos cuantos veranos.",
  "el-barrio-logo-cap":
    "Gorra estructurada de seis paneles con el logo de El Barrio bordado al frente y cierre de broche ajustable. Una sola talla para todas las cabezas del bloque.",
  "uptown-sessions-vinyl-collection":
    "Cuatro discos de boom bap grabados en vivo en sótanos y cuartos de atrás de East Harlem. La edición Deluxe trae un quinto disco con tomas inéditas de cyphers y un librito impreso.",
  "116th-street-longsleeve":
    "Gráfico de letrero de calle por la manga, puños acanalados y algodón de peso medio. Para esos días en que el viento sopla del río pero el sol todavía sale.",
  "cypher-circle-crewneck":
    "Se llama así por los círculos que se forman en la esquina cuando cae el beat. Algodón de rizo en siete colores, con un micrófono bordado en el mismo tono en el pecho.",
  "harlem-river-windbreaker":
    "Una chaqueta ligera que se guarda en cualquier lado, cortada para las ráfagas que vienen del Harlem River Drive. Resiste el agua, tiene ribetes reflectivos y un bolsillo escondido para tu MetroCard.",
  "boom-bap-sweatpants":
    "Joggers de felpa gruesa con un estampado de bombo y caja por toda la pierna. Cómodos para el estudio, y con estilo para el tren.",
  "stoop-season-mesh-shorts":
    "Malla que respira para esas tardes largas de julio cuando todo el bloque está afuera. Bolsillos hondos, cintura elástica, sin excusas.",
  "wildstyle-wall-tee":
    "Una pieza de un grafitero del barrio a todo el frente, serigrafiada en ocho combinaciones de color, cada una una pared distinta en una noche distinta. Letras entrelazadas, flechas y todo.",
  "salsa-breaks-tee":
    "Congas de un lado, tornamesas del otro: el sonido de El Barrio cuando los discos de salsa se juntan con los breakbeats. Algodón ringspun suavecito.",
  "viaduct-zip-hoodie":
    "Sudadera de felpa gruesa con cremallera completa y los arcos de acero del viaducto de Park Avenue estampados en la espalda. Tirada numerada, no se vuelve a surtir.",
  "tag-wall-hoodie":
    "Cada tag de esta sudadera salió de una sola pared cerca de Pleasant Avenue, escaneada y montada en un estampado completo. La XXL cuesta un poco más por el panel extra.",
  "golden-era-tee":
    "Un homenaje a los veranos de boom box que marcaron todo lo que vino después. Agotada por ahora; la próxima tanda ya está en la prensa.",
  "bodega-cat-tee":
    "El verdadero dueño de la bodega, dormido sobre la pila de periódicos. Algodón ligero en tres tonos de verano.",
  "founders-2024-varsity-jacket":
    "Cuerpo de lana, mangas de cuero y parches de chenilla que marcan el año en que empezamos. Hecha en una sola tanda para la gente que estuvo ahí desde el primer día.",
  "uptown-coaches-jacket":
    "Chaqueta coach de nylon con broches al frente, forro de franela y el nombre del crew en la espalda. Para los que organizan los torneos del parque.",
  "fire-escape-longsleeve":
    "Las escaleras de hierro en zigzag estampadas por la espalda: los mejores asientos de la casa en cada block party de verano. Algodón de peso medio, corte holgado.",
  "lex-line-track-pants":
    "Pantalones deportivos de tricot con una franja al lado del color del expreso de uptown. Tallas por cintura, entallados en el tobillo.",
  "third-avenue-crewneck":
    "Un suéter de cuello redondo para todos los días en tonos tierra, nombrado por la avenida donde las tiendas nunca parecen cerrar. Cepillado por dentro, limpio por fuera.",
  "stickball-shorts":
    "Shorts de sarga cortados para jugar en la calle entre los carros parqueados: bates de palo de escoba y spaldeens. Un color, cuatro tallas, todo el día.",
  "harlem-gold-logo-tee":
    "Nuestro logo en una tinta dorada metálica que brilla con las luces de la calle. Una tirada limitada por el aniversario: cuando se acabe, se acabó.",
  "el-barrio-cuff-beanie":
    "Gorro tejido de punto grueso con una etiqueta tejida de El Barrio en el doblez. Siete colores para lo que sea que te traiga el invierno.",
  "block-party-bucket-hat":
    "Sombrero bucket de lona suave para el verano, cuando el DJ se monta en la acera y el hidrante está abierto. Con una torre de bocinas bordada al frente.",
  "harlem-river-dad-cap":
    "Gorra de seis paneles sin estructura, de copa baja y con una olita bordada al lado. Sarga de algodón lavada en siete colores, del verde azulado del río al plateado del puente.",
  "bodega-run-tote":
    "Bolsa tote de lona gruesa que carga discos, compra y una muda de ropa para el cypher. Estampada por los dos lados.",
  "cypher-crew-socks":
    "Medias acolchadas con un micrófono tejido en el tobillo. Para los bailadores que giran en el concreto.",
  "uptown-paisley-bandana":
    "Pañuelo clásico de algodón con un estampado de paisley que esconde nuestro mapa de calles adentro. Siete colores, uno para cada crew.",
  "cypher-under-the-viaduct-print":
    "Una foto de un cypher un viernes por la noche debajo de las vías del tren, tomada en película. Papel de archivo; el tamaño grande cuesta más.",
  "el-barrio-mural-print":
    "Una impresión giclée del mural que lleva décadas cuidando la avenida, reproducido con la bendición del barrio.",
  "block-tapes-vol-1-cassette":
    "Veinte temas de los productores de cuarto del barrio, pasados a casete a la antigua. J-cards numeradas a mano.",
  "block-tapes-vol-2-cassette":
    "El segundo volumen: más samples de salsa, más tambores empolvados. Se agotó en un fin de semana; estamos esperando la próxima copia.",
  "block-tapes-complete-set":
    "Todos los volúmenes de Block Tapes en un estuche serigrafiado con un zine desplegable. Limitado a cien juegos, todos ya reservados.",
  "harlem-river-nights-lp":
    "Instrumentales de madrugada grabados cerca del agua, prensados en vinilo de 180 gramos. La prensa en rojo es una variante numerada a un precio más alto.",
  "salsa-y-breaks-12-inch":
    "Un 12 pulgadas de dos temas donde una sección de metales completa se encuentra con una MPC. Lado A para los bailadores, lado B para los diggers.",
};
