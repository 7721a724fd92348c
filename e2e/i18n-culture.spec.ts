import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";

// The brand pages, Music, Culture, a story and the event pages in Spanish, under /es: their words (the
// stories', events' and playlists' own texts too), the page's language, links that stay in Spanish,
// WCAG 2.2 AA in both themes and a 320 px phone.

const STORY = "/es/culture/from-cyphers-to-stages";
const LIVE = "/es/events/rooftop-frequencies-live-session";
const PAINT = "/es/events/paint-the-block-art-exhibition";

/** Spanish page, every link of its main content in Spanish too, no axe violations, and no sideways scroll at 320 px. */
async function expectSpanishPage(page: Page, path: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const hrefs = await page.getByRole("main").locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  // Audio files are served at one address for both languages.
  expect(hrefs.filter((href) => !href.startsWith("/audio/") && href !== "/es" && !href.startsWith("/es/")), path).toEqual([]);
  await expectNoAxeViolationsInBothThemes(page, path);
  await page.setViewportSize({ width: 320, height: 720 });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `${path} at 320px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("the culture pages in Spanish", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Home, About and History speak Spanish, and their links stay under /es", async ({ page }) => {
    await gotoHydrated(page, "/es");
    await expect(page).toHaveTitle("East Harlem | Cultura hip hop en East Harlem");
    const main = page.getByRole("main");
    await expect(main.getByText("Cultura hip hop en East Harlem", { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { name: "La cultura detrás de la ropa" })).toBeVisible();
    await expect(main.getByRole("link", { name: /Compra ya/ })).toHaveAttribute("href", "/es/shop");
    await expectSpanishPage(page, "/es");

    await main.getByRole("link", { name: "Nuestra historia" }).click();
    await expect(page).toHaveURL(/\/es\/about$/);
    await expect(page).toHaveTitle("Nosotros | East Harlem");
    await expect(page.getByRole("heading", { level: 1, name: "Nacidos en el bloque" })).toBeVisible();
    for (const value of ["Autenticidad", "Comunidad", "Innovación"]) await expect(main.getByRole("heading", { name: value, exact: true })).toBeVisible();
    await expect(main.getByRole("img", { name: /El primer taller de los fundadores/ })).toBeVisible();
    await expectSpanishPage(page, "/es/about");

    await gotoHydrated(page, "/es/history");
    await expect(page.getByRole("heading", { level: 1, name: "Nuestra historia" })).toBeVisible();
    await expect(main.getByRole("heading", { name: /Los 70\s*El nacimiento de un movimiento/ })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Impacto cultural" })).toBeVisible();
    await expectSpanishPage(page, "/es/history");
  });

  test("Music and Culture: the player's controls, the stories and the next event in Spanish", async ({ page }) => {
    await gotoHydrated(page, "/es/music");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1, name: "Música" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Mezcla destacada" })).toBeVisible();
    const mix = page.getByRole("article", { name: "Vol. 1: Uptown After Dark" });
    await expect(mix.getByTestId("mix-length")).toHaveText(/^4 canciones · .+ de mezcla$/);
    await expect(main.getByRole("button", { name: /^Reproducir playlist: / })).toHaveCount(3);
    // The playlists' own texts in Spanish; the mix keeps its name, the tracks theirs.
    await expect(mix.getByText("Nuestra primera mezcla: breaks empolvados, flips de soul latino y boom bap de madrugada", { exact: false })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Himnos del block party" })).toBeVisible();
    await expect(main.getByText("Los discos que levantaron el bloque", { exact: false })).toBeVisible();
    // The next event: its date in Spanish, its call to action leading to its Spanish page.
    await expect(main.getByText(/^\d{1,2} de junio$/)).toBeVisible();
    await expect(main.getByRole("link", { name: /^Consigue boletos\s*: Rooftop Frequencies/ })).toHaveAttribute("href", LIVE);
    await expectSpanishPage(page, "/es/music");

    // The mini player speaks Spanish too.
    await page.getByRole("article", { name: "Clásicos de Harlem" }).getByRole("button", { name: "Reproducir playlist: Clásicos de Harlem" }).click();
    const player = page.getByRole("region", { name: "Reproductor de música" });
    await expect(player.getByRole("button", { name: "Siguiente canción" })).toBeVisible();
    await expect(player.getByRole("button", { name: /^(Pausar|Reproducir)$/ })).toBeVisible();
    await player.getByRole("button", { name: "Cerrar el reproductor" }).click();

    await gotoHydrated(page, "/es/culture");
    await expect(page.getByRole("heading", { level: 1, name: "Cultura" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Últimas historias" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Las paredes hablan: los murales de East Harlem" })).toBeVisible();
    await expect(main.getByText("Lienzos, libretas de bocetos y fotos de los muralistas", { exact: false })).toBeVisible();
    await expect(main.getByRole("link", { name: /^Aparta tu lugar\s*: Paint the Block/ })).toHaveAttribute("href", PAINT);
    await expectSpanishPage(page, "/es/culture");

    await main.getByRole("link", { name: /^Leer más\s*: Del cypher a la tarima$/ }).click();
    await expect(page).toHaveURL(STORY);
    // The story itself in Spanish: its title, its category and its body.
    await expect(page.getByRole("heading", { level: 1, name: "Del cypher a la tarima" })).toBeVisible();
    await expect(main.getByText("Música", { exact: true })).toBeVisible();
    await expect(main.getByText("Los martes por la noche, el salón de la comunidad en el primer piso huele a cera de piso y a pizza.", { exact: false })).toBeVisible();
    await expect(main.getByRole("heading", { name: "El salón es el maestro" })).toBeVisible();
    await expect(page.getByText(/^\d+ min de lectura$/).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link", { name: "Cultura" })).toHaveAttribute("href", "/es/culture");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${STORY}$`));
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
    await expect(page.getByTestId("embed-stock").first()).toHaveText(/^(\d+ disponibles|Agotado)$/);
    await expectSpanishPage(page, STORY);
  });

  test("an event's page in Spanish: tickets, the RSVP form and its refusals", async ({ page }) => {
    await gotoHydrated(page, LIVE);
    await expect(page.getByRole("heading", { level: 1, name: "Rooftop Frequencies: sesión en vivo" })).toBeVisible();
    await expect(page.getByText("Tres DJs, una azotea, toda la noche. Sets solo en vinilo", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Boletos" })).toBeVisible();
    await expect(page.getByText(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de junio de \d{4}$/)).toBeVisible();
    await expect(page.getByText("(hora de Nueva York)")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Agregar al carrito\s*: boleto General$/ })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${LIVE}$`));
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
    await expectSpanishPage(page, LIVE);

    await gotoHydrated(page, PAINT);
    await expect(page.getByRole("heading", { level: 1, name: "Paint the Block: exposición de arte" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText("Lienzos, libretas de bocetos y fotos de los muralistas y writers que pintan East Harlem.", { exact: false })).toBeVisible();
    await expect(main.getByText("Una galería en la calle 116 Este", { exact: true })).toBeVisible();
    await expect(main.getByText("Recepción de apertura", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Confirma tu asistencia" })).toBeVisible();
    await page.getByLabel("Correo electrónico", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: /^(Confirmar|Únete a la lista de espera)$/ }).click();
    await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
    await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
    await expect(page).toHaveURL(PAINT);
    await expectSpanishPage(page, PAINT);
  });
});
