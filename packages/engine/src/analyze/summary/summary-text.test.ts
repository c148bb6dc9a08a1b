import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import type { PageRole } from '../../crawl/types';
import { summarizeSite } from './summarize';

const page = (url: string, role: PageRole, head: string, body: string) =>
  pageFromHtml({ url, role, html: `<html lang="de"><head>${head}</head><body>${body}</body></html>` });
const summaryOf = async (...pages: ReturnType<typeof page>[]) => (await summarizeSite(pages)).summary;

const FOOTER = `<footer><p>Bergsport Huber ist Ihr Outdoor-Fachgeschäft in Garmisch: Bekleidung, Schuhe und Ausrüstung
  für Bergsteiger, Skitourengeher und Wanderer, mit Werkstatt und Verleih.</p><p>© 2024 Bergsport Huber</p></footer>`;
const POST = page(
  'https://www.bergsport-huber.de/blog/lawinengefahr/',
  'other',
  `<title>Lawinengefahr richtig einschätzen – Bergsport Huber</title>
   <meta name="description" content="Die Lawinengefahr hängt von Schnee, Wind und Temperatur ab. So lesen Sie den Lawinenlagebericht.">
   <meta property="article:published_time" content="2023-01-10">`,
  `<article><h1>Lawinengefahr richtig einschätzen</h1><p>Die Lawinengefahr hängt von Schnee, Wind und Temperatur ab.
   Der Lawinenlagebericht nennt fünf Stufen, und ab Stufe drei ist besondere Vorsicht im Gelände geboten.</p></article>${FOOTER}`,
);

describe('the built-in summary', () => {
  it('is never a blog post’s description or text, but the business’s own description of itself', async () => {
    expect(await summaryOf(POST)).toBe(
      'Bergsport Huber ist Ihr Outdoor-Fachgeschäft in Garmisch: Bekleidung, Schuhe und Ausrüstung für Bergsteiger, Skitourengeher und Wanderer, mit Werkstatt und Verleih.',
    );
  });

  it('is never a job ad’s blurb, even when the ad is the site’s start page', async () => {
    const ad = page(
      'https://www.kaelte-brandt.de/',
      'home',
      `<title>Servicetechniker Kältetechnik (m/w/d) – Kälte Brandt</title>
       <meta name="description" content="Wir suchen ab sofort mehrere Servicetechniker für unser wachsendes Team in Köln und Bonn.">`,
      `<main><h1>Servicetechniker Kältetechnik (m/w/d)</h1>
       <p>Wir bieten dir einen sicheren Arbeitsplatz, ein Firmenfahrzeug und viele offene Stellen in unserem wachsenden Team.</p>
       <h2>Deine Aufgaben</h2><ul><li>Wartung und Reparatur von Kälteanlagen</li></ul>
       <h2>Dein Profil</h2><ul><li>Ausbildung als Mechatroniker für Kältetechnik</li></ul>
       <p><a href="mailto:bewerbung@kaelte-brandt.de">Jetzt bewerben</a></p></main>`,
    );
    expect(await summaryOf(ad)).toBe(null);
    const about = page(
      'https://www.kaelte-brandt.de/ueber-uns',
      'about',
      '<title>Über uns</title>',
      '<main><h1>Über uns</h1><p>Wir planen, bauen und warten Kühlanlagen für Supermärkte, Gastronomie und Industrie im Rheinland, seit 1998 als Familienbetrieb.</p></main>',
    );
    expect(await summaryOf(ad, about)).toBe(
      'Wir planen, bauen und warten Kühlanlagen für Supermärkte, Gastronomie und Industrie im Rheinland, seit 1998 als Familienbetrieb.',
    );
  });

  it('is nothing when only a post, without any description of the business, was read', async () => {
    const bare = page(
      'https://www.bergsport-huber.de/blog/lawinengefahr/',
      'other',
      '<meta name="description" content="Die Lawinengefahr hängt von Schnee, Wind und Temperatur ab."><meta property="article:published_time" content="2023-01-10">',
      '<article><h1>Lawinengefahr</h1><p>Die Lawinengefahr hängt von Schnee, Wind und Temperatur ab. Der Lawinenlagebericht nennt fünf Stufen.</p></article>',
    );
    expect(await summaryOf(bare)).toBeNull();
  });

  it('takes the home page’s description over a product’s blurb', async () => {
    const product = page(
      'https://www.fellnase-zoo.de/produkt/lachs-trockenfutter/',
      'other',
      '<meta name="description" content="Getreidefreies Trockenfutter mit 70 % Lachs für ausgewachsene Hunde, 12 kg Sack.">',
      '<main><h1>Lachs-Trockenfutter</h1><button>In den Warenkorb</button></main>',
    );
    expect(await summaryOf(product)).toBeNull();
    const home = page(
      'https://www.fellnase-zoo.de/',
      'home',
      '<meta name="description" content="Fellnase ist Ihr Zoofachhandel in Bremen: Futter und Zubehör für Hunde, Katzen und Kleintiere.">',
      '<main><h1>Willkommen</h1></main>',
    );
    expect(await summaryOf(product, home)).toBe(
      'Fellnase ist Ihr Zoofachhandel in Bremen: Futter und Zubehör für Hunde, Katzen und Kleintiere.',
    );
  });

  it('never reads legal text, nor an address line or a newsletter sign-up as a description', async () => {
    const imprint = page(
      'https://www.mueller-dach.de/impressum/',
      'imprint',
      '<title>Impressum | Müller Dachdeckerei</title><meta name="description" content="Müller Dachdeckerei GmbH ist Ihr Dachdecker in Musterstadt für Steildach und Flachdach.">',
      `<h1>Impressum</h1><p>Müller Dachdeckerei GmbH ist für die Inhalte dieser Seite verantwortlich. Für die Inhalte externer
       Links übernehmen wir keine Haftung, denn für diese sind ausschließlich deren Betreiber verantwortlich.</p>
       <footer><p>Müller Dachdeckerei | Hauptstr. 5 | 12345 Musterstadt | Tel. 0123 45678.</p>
       <p>Melde dich an für den Müller-Dachdeckerei-Newsletter mit Tipps und Angeboten für dein Dach und Haus.</p></footer>`,
    );
    expect(await summaryOf(imprint)).toBeNull();
  });

  it('leaves out a quoted guest review on the home page', async () => {
    const home = page(
      'https://www.haus-seeblick.de/',
      'home',
      '<title>Haus Seeblick</title>',
      `<main><p>»Wir waren mit der ganzen Familie hier und haben wunderbare Tage am See verbracht, danke für alles!«</p>
       <p>Das Haus Seeblick liegt direkt am Ufer des Tegernsees. Wir vermieten drei Ferienwohnungen für zwei bis sechs
       Gäste, mit Balkon, Seeblick und eigenem Bootssteg.</p></main>`,
    );
    expect(await summaryOf(home)).toMatch(/^Das Haus Seeblick liegt direkt am Ufer des Tegernsees\./);
  });

  it('leaves out a post’s teaser on the start page, and reads the trainer’s own words instead', async () => {
    const home = page(
      'https://petrafit.example/',
      'home',
      '<title>Petra Fit – Personal Training</title>',
      `<main><div id="artikelteaser"><h2><a href="/vollkornspagetti/">Vollkornspagetti mit Pilzsoße</a></h2>
       <p>Vollkornspagetti sind eine gesunde Alternative für Leute, die Nudeln gerne essen. Man kann sehr gut mit
       verschiedenen Soßen variieren, hier eine Idee mit vielen Pilzen und Zucchini für zwei Personen.</p></div>
       <section><p>Als Personal Trainerin begleite ich Sie zu Hause oder im Betrieb: Joggen, Aerobic und Krafttraining,
       nach individueller Vereinbarung und mit einem Plan, der zu Ihrem Alltag und Ihren Zielen passt.</p></section></main>`,
    );
    expect(await summaryOf(home)).toMatch(/^Als Personal Trainerin begleite ich Sie/);
  });

  it('cuts no sentence after a title or an initial ("Dipl. Ing. Dipl. Kfm. (FH) Frank D. Wieland – …")', async () => {
    const home = page(
      'https://www.wieland.example/',
      'home',
      '<title>Wieland Baumanagement</title><meta name="description" content="Dipl. Ing. Dipl. Kfm. (FH) Frank D. Wieland - Bauingenieur, Baumanagement, Mediator, Projektsteuerer">',
      '<main><h1>Wieland Baumanagement</h1></main>',
    );
    expect(await summaryOf(home)).toBe(
      'Dipl. Ing. Dipl. Kfm. (FH) Frank D. Wieland - Bauingenieur, Baumanagement, Mediator, Projektsteuerer.',
    );
  });
});
