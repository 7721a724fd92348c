/**
 * The sample stories of /culture: the featured article and the three cards, with their bodies in markdown.
 * A line `{{product:<slug>}}` embeds that product of the sample catalogue (live price, stock, add to cart).
 */
export interface SeedArticle {
  slug: string;
  title: string;
  category: string;
  author: string;
  excerpt: string;
  imageSrc: string;
  imageAlt: string;
  featured: boolean;
  publishedDaysAgo: number;
  body: string;
}

export const seedArticles: SeedArticle[] = [
  {
    slug: "the-walls-speak-murals-of-east-harlem",
    title: "The Walls Speak: Murals of East Harlem",
    category: "Art",
    author: "Marisol Vega",
    excerpt:
      "From memorial walls to block-long masterpieces, East Harlem's murals hold the neighborhood's memory. We walked from 104th to 125th with the painters who keep them alive, and asked what the walls are saying now.",
    imageSrc: "/images/article-featured.svg",
    imageAlt: "A colorful block-long mural in East Harlem with portraits, flags and bold lettering.",
    featured: true,
    publishedDaysAgo: 3,
    body: `Start at 104th Street and walk north on Lexington with your head up. Before you reach the train, the walls have already told you who lives here: a Puerto Rican flag stretched across four stories, a portrait of a grandmother who fed the whole building, a sunrise over a river most tourists never see from this side.

East Harlem has painted its own walls for more than fifty years. Long before anyone called it street art, the neighborhood used brick as a newspaper, a church and a family album. When the city looked away, the walls looked back.

## Memory in spray paint

The memorial walls came first for a lot of us. A name in tall letters, dates underneath, a crown or a pair of wings. They went up fast, usually overnight, and they were painted by the same writers who bombed the trains. "You painted the wall so nobody could pretend it didn't happen," one of the older painters told us on 110th Street, wiping his hands on a rag that had clearly seen decades.

Some of those walls are gone now, painted over by landlords or hidden behind new construction. The ones that remain are touched up every year, often by the same hands. The colors are brighter than you remember. That is on purpose.

## The block-long pieces

Then there are the big ones: whole facades turned into history lessons. Taínos and salsa legends, Young Lords and b-boys, the Pleneros and the first DJs who ran extension cords from lampposts. These murals took months, scaffolding and neighborhood meetings about who got painted where. They are argued over, and that is part of their job.

We spent an afternoon with a crew repainting the lower half of a wall that had faded in the sun. Kids from the building brought them water and opinions. By five o'clock one of them had a brush in his hand, filling in the sky.

{{product:el-barrio-mural-print}}

## What the walls are saying now

The newer work is quieter in some places and louder in others. There are walls about rent and walls about rice and beans, walls about the kids who left for college and the ones who came back. A lot of them carry the same message in different accents: we are still here.

That is the thread we follow in the studio. Every season starts with this walk, a phone full of photographs and a notebook full of letterforms. The colors in our prints and tees come straight from these bricks, and the wall that watches over the avenue is now a print you can hang at home, made with the blessing of the people who painted it.

{{product:wildstyle-wall-tee}}

If you walk the route yourself, go slow, say hello, and do not lean on the paint. Somebody's memory is drying there.`,
  },
  {
    slug: "from-cyphers-to-stages",
    title: "From Cyphers to Stages",
    category: "Music",
    author: "Dante Rivers",
    excerpt: "How a Tuesday-night cypher in a community room became the launchpad for a new wave of uptown MCs.",
    imageSrc: "/images/article-1.svg",
    imageAlt: "A circle of young MCs trading verses in a community room.",
    featured: false,
    publishedDaysAgo: 10,
    body: `Tuesday nights, the community room on the ground floor smells like floor wax and pizza. By eight o'clock the folding chairs are pushed against the wall, a speaker the size of a suitcase is plugged in by the piano, and somebody is already rapping to nobody in the corner.

The cypher started six years ago with four kids and a phone playing instrumentals. Now forty people come on a good night, and the rule is the same as it was on the first one: you wait your turn, you listen when it's not your turn, and nobody laughs at a fumble.

## The room is the teacher

What the cypher teaches is not in any class. You learn to count bars by feel. You learn that a punchline lands harder after a breath. You learn that the quiet kid by the door has been writing for three years and just needed the circle to open up.

"The first time I went in I forgot everything," one of the regulars told us. "Someone just kept the beat going and nodded at me. Next week I came back with sixteen bars and I said every one of them."

## Tapes, then stages

Two years in, the regulars started recording. A laptop, a closet lined with blankets, a microphone that cost less than a pair of sneakers. The result was the first Block Tapes: twenty tracks from bedroom producers and cypher MCs, dubbed to cassette by hand because that is how the older heads in the room first heard the music.

{{product:block-tapes-vol-1-cassette}}

The tapes went from hand to hand, then from hand to club. Promoters downtown started asking who these kids were. This spring, three cypher regulars opened for touring acts, and one of them played a festival stage in front of more people than live on her block.

## Still Tuesday

Success did not move the cypher. The second volume of tapes sold out in a weekend, and the room was just as full the next Tuesday, with new faces waiting their turn by the door.

{{product:block-tapes-vol-2-cassette}}

If you come by, bring nothing but your ears. The beat will still be going when you get there.`,
  },
  {
    slug: "threads-of-the-block",
    title: "Threads of the Block",
    category: "Fashion",
    author: "Yesenia Cruz",
    excerpt: "Bamboo earrings, custom denim, airbrushed tees: a look at the neighborhood style we grew up in and still design from.",
    imageSrc: "/images/article-2.svg",
    imageAlt: "Airbrushed tees and custom denim hanging in a storefront window.",
    featured: false,
    publishedDaysAgo: 20,
    body: `Every neighborhood has a uniform, even when nobody agrees to one. In East Harlem ours was loud: gold bamboo earrings, fresh white sneakers kept clean with a toothbrush, denim with your name painted down the leg, and a tee from the airbrush shop on 116th that told everybody exactly who you loved.

## The airbrush counter

The airbrush shops were our first fashion houses. You walked in with an idea, a name and a few dollars, and walked out with a shirt nobody else on earth had. Birthdays, memorials, crews, sweethearts: the counter did them all. The artists worked fast and freehand, and the best of them had waiting lists that ran into the next month.

We still think about those counters when we design. A tee is not just a blank with a logo; it is a message you wear to the corner.

{{product:vintage-barrio-tee}}

## Fit is a decision

Style on the block was never about trends coming in from somewhere else. It was about fit and care. Jeans pressed with a crease, hoodies worn one size up, caps with the sticker left on so everyone knew they were new. Older cousins passed down jackets, and the jackets came back with patches and pins that told the story of the next owner.

That is why we build with heavyweight cotton and fleece that holds its shape after a hundred washes. Clothes here get lived in.

## Passing it on

Walk down Third Avenue on a Saturday and you will see the whole history at once: a grandmother in a church hat, a teenager in the newest runners, a dad in the same team jacket he wore in 1994. Nobody is in costume. It all belongs.

Our job is simple: keep listening to the block, and make pieces that can stand next to all of it without shouting over it.`,
  },
  {
    slug: "breaking-ground-b-boys-of-116th-street",
    title: "Breaking Ground: B-Boys of 116th Street",
    category: "Dance",
    author: "Luis Ortega",
    excerpt: "Cardboard, a boombox and a crowd: the crews who turned a corner of 116th Street into a proving ground.",
    imageSrc: "/images/article-3.svg",
    imageAlt: "A b-boy frozen mid-move on cardboard while a crowd watches.",
    featured: false,
    publishedDaysAgo: 30,
    body: `The cardboard goes down first. A flattened refrigerator box if you are lucky, two taped-together TV boxes if you are not. Then the boombox, then the crowd, which forms faster than you would believe on a warm evening on 116th Street.

## A corner with rules

Breaking on this corner has rules older than most of the dancers. You do not step on the cardboard unless you are going in. You answer a burn with a better burn, not with your hands. And when somebody lands a move nobody has seen before, the whole circle makes noise, even the crew that is losing.

The early crews practiced in hallways and on rooftops, on linoleum that tore up their elbows. They traded moves like baseball cards: a windmill from the Bronx, a footwork pattern from Brooklyn, a freeze that was pure uptown.

## Training like athletes

The b-boys and b-girls on the corner today train like athletes, because they are. Stretching, conditioning, hours of drilling the same transition until it disappears into the flow. Several of them compete internationally now. They still come back to the cardboard on Friday nights.

"The stage is nice," one of the crew leaders said, catching her breath after a round. "But this is where you find out if it's real. The corner doesn't clap for nothing."

{{product:boom-bap-sweatpants}}

## What the corner gives back

Ask why they keep coming and the answers sound the same: it is free, it is outside, and it belongs to everybody. Little kids copy the toprock at the edge of the circle. Older heads who have not danced in twenty years stand at the back and call out the names of moves the way other people name old songs.

We make clothes to move in because of nights like these. If it cannot survive a floor round on cardboard, it does not leave the studio.`,
  },
];
