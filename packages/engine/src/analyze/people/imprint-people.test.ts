/**
 * People on imprints as small businesses write them, in the languages of our markets: comma lists, a Swiss
 * register's family-name-first lines, a label line with the names (and their own roles) below it, field labels
 * and register headings that are never people, and the role the visible text states.
 */
import { describe, expect, it } from 'vitest';
import { type PageInput, pageFromHtml } from '../../crawl/page';
import { analyzePeople } from './analyze';
import { splitPersonName } from './names';

const page = (
  body: string,
  url = 'https://example.de/impressum',
  role: PageInput['role'] = 'imprint',
  lang = 'de',
) => pageFromHtml({ url, html: `<html lang="${lang}"><head></head><body>${body}</body></html>`, role });

async function people(...pages: ReturnType<typeof page>[]) {
  return (await analyzePeople(pages)).people.map((p) => [p.name, p.role]);
}

describe('names in a comma list after a role', () => {
  it('keeps every managing director of "Geschäftsführer: A B, C D" (DE)', async () => {
    const imprint = page(
      '<h1>Impressum</h1><p>Muster Haustechnik GmbH<br>Hauptstraße 5<br>10115 Berlin</p><p>Geschäftsführer: Anna Berg, Tom Kühn, Jörg Weiß</p>',
    );
    expect(await people(imprint)).toEqual([
      ['Anna Berg', 'Geschäftsführer'],
      ['Tom Kühn', 'Geschäftsführer'],
      ['Jörg Weiß', 'Geschäftsführer'],
    ]);
  });

  it('reads a name whose umlaut the CMS escaped twice ("J&amp;ouml;rg" shows as "J&ouml;rg")', async () => {
    const imprint = page(
      '<p>Vertreten durch die Geschäftsführer: Petra Lang, J&amp;ouml;rg M&amp;uuml;ller</p>',
    );
    expect(await people(imprint)).toEqual([
      ['Petra Lang', 'Geschäftsführer'],
      ['Jörg Müller', 'Geschäftsführer'],
    ]);
  });

  it('stops at what is no name: a place, a register court (AT, UK)', async () => {
    const at = page(
      '<p>Geschäftsführerin: Maria Huber, Amtsgericht Wien</p>',
      'https://example.at/impressum',
    );
    const uk = page(
      '<p>Directors: Jane Smith, John Doe, Company Number 01234567</p>',
      'https://example.co.uk/legal',
      'imprint',
      'en',
    );
    expect(await people(at)).toEqual([['Maria Huber', 'Geschäftsführerin']]);
    expect(await people(uk)).toEqual([
      ['Jane Smith', 'Directors'],
      ['John Doe', 'Directors'],
    ]);
  });
});

describe('family name first (Swiss registers and imprints)', () => {
  it('reads "Surname, Given name, Role" lines under a label', async () => {
    const imprint = page(
      `<h1>Impressum</h1><p>Brunner Elektro AG<br>Bahnhofstrasse 1<br>8001 Zürich</p>
       <h2>Vertretungsberechtigte Personen</h2>
       <p>Brunner, Hans, Präsident des Verwaltungsrates<br>Keller, Anna Maria, Mitglied des Verwaltungsrates<br>
       Weber, Luca, Geschäftsführer</p>`,
      'https://brunner-elektro.ch/impressum',
    );
    expect(await people(imprint)).toEqual([
      ['Hans Brunner', 'Präsident des Verwaltungsrates'],
      ['Anna Maria Keller', 'Mitglied des Verwaltungsrates'],
      ['Luca Weber', 'Geschäftsführer'],
    ]);
  });

  it('reads "Surname, Given name" in a partner card, and never two people as one', async () => {
    const team = page(
      `<div class="team"><div class="member"><img src="a.jpg"><h3>Favre, Claire</h3><p>Associée</p></div>
       <div class="member"><img src="b.jpg"><h3>Anna Berg, Tom Kühn</h3><p>Partner</p></div></div>`,
      'https://etude-favre.ch/equipe',
      'team',
      'fr',
    );
    expect(await people(team)).toEqual([['Claire Favre', 'Associée']]);
  });
});

describe('a label line with the names below it', () => {
  it('gives a person the role written under their name, and a register heading is no person (EN, CH)', async () => {
    const imprint = page(
      `<h1>Legal notice</h1><p>Alpina Treuhand AG<br>Baarerstrasse 10<br>6300 Zug</p>
       <h3>Represented by</h3><p>John Doe</p><p>Member of the Board of Directors</p>
       <h3>Commercial Register Entry</h3><p>Registered in the commercial register of the Canton of Zug</p>`,
      'https://alpina-treuhand.ch/legal',
      'imprint',
      'en',
    );
    expect(await people(imprint)).toEqual([['John Doe', 'Member of the Board of Directors']]);
  });

  it('ends the list at the next field label (NL)', async () => {
    const imprint = page(
      '<p>Vertegenwoordigd door:</p><p>Jan de Vries</p><p>Handelsregister:</p><p>KvK 12345678</p>',
      'https://devries-installatie.nl/colofon',
      'imprint',
      'nl',
    );
    expect(await people(imprint)).toEqual([['Jan de Vries', 'Vertegenwoordigd door']]);
  });
});

describe('the role the visible text states', () => {
  it('a Geschäftsführer named first in the imprint is not turned into "Inhaber"', async () => {
    const imprint = page(
      `<h1>Impressum</h1><p>Thomas Hofmeier</p><p>Hofmeier Gartenbau GmbH<br>Gewerbering 14<br>84034 Landshut</p>
       <p>Geschäftsführer: Thomas Hofmeier</p>`,
    );
    expect(await people(imprint)).toEqual([['Thomas Hofmeier', 'Geschäftsführer']]);
  });

  it('the visible "Geschäftsführerin" wins over JSON-LD "Founder"', async () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lindner Consulting',
      founder: { '@type': 'Person', name: 'Katrin Lindner', jobTitle: 'Founder' },
    });
    const home = page(
      `<script type="application/ld+json">${ld}</script><p>Willkommen bei Lindner Consulting.</p>`,
      'https://lindner-consulting.de/',
      'home',
    );
    const imprint = page(
      '<p>Geschäftsführerin: Katrin Lindner</p>',
      'https://lindner-consulting.de/impressum',
    );
    expect(await people(home, imprint)).toEqual([['Katrin Lindner', 'Geschäftsführerin']]);
  });
});

describe('a team page’s headings', () => {
  it('reads "Job title Name" headings (DE)', async () => {
    const team = page(
      `<h1>Wer wir sind</h1><h2>Notar Markus Krebs</h2><p>seit 2005 Notar in Landshut</p>
       <h2>Notarassessorin Simone Lutz</h2><h2>Notarfachangestellte Martina Heisig</h2><h2>Auszubildende Leonie Helfer</h2>`,
      'https://notar-krebs.de/wer',
      'about',
    );
    expect(await people(team)).toEqual([
      ['Markus Krebs', 'Notar'],
      ['Simone Lutz', 'Notarassessorin'],
      ['Martina Heisig', 'Notarfachangestellte'],
      ['Leonie Helfer', 'Auszubildende'],
    ]);
  });
});

describe('a legal notice in a dialog the page opens', () => {
  it('reads the hidden "Mentions légales" modal of a one-page site, two joined roles as one (FR)', async () => {
    const home = page(
      `<h1>Basso Services</h1><p>Travaux viticoles.</p>
       <div id="modal-mentions" style="display:none"><h2>Mentions légales</h2>
       <p>Basso Services EURL<br>Gérant et directeur de la publication : Marc Chaves Basso</p></div>
       <div style="display:none"><p>Gérant : Paul Roy</p></div>`,
      'https://basso.fr/',
      'home',
      'fr',
    );
    expect(await people(home)).toEqual([['Marc Chaves Basso', 'Gérant et directeur de la publication']]);
  });
});

describe('a role and a comma before the name, in prose', () => {
  it('"by owner and Managing Director, Mark Daniels"; the business after a role is no person (EN)', async () => {
    const home = page(
      `<p>East Grinstead Scaffolding was established in 1993, by owner and Managing Director, Mark Daniels. Having
       worked as a foreman in London, Mark set up on his own.</p>
       <p class="sig">Founder &amp; Director, East Grinstead Scaffolding</p>`,
      'https://www.east-grinstead-scaffolding.co.uk/',
      'home',
      'en',
    );
    expect(await people(home)).toEqual([['Mark Daniels', 'Managing Director']]);
  });
});

describe('privacy roles name no contact', () => {
  it('"Titolare del trattamento" and "Responsabile del trattamento" are data-protection roles (IT)', async () => {
    const privacy = page(
      `<h2>1. Titolare del Trattamento</h2><p>Il Titolare del trattamento dei dati è:</p>
       <ul><li><strong>Ragione Sociale:</strong> Pulizie Brera SRL</li><li><strong>Indirizzo:</strong> Via Roma 5, Milano</li></ul>
       <h3>Responsabile del Trattamento (o Responsabile)</h3>
       <p>La persona fisica o giuridica che tratta dati personali per conto del Titolare.</p>`,
      'https://pulizie-brera.it/privacy',
      'other',
      'it',
    );
    expect(await people(privacy)).toEqual([]);
  });
});

describe('first and last name for a CRM (splitPersonName)', () => {
  it('a family name written in capitals is the last name wherever it stands; particles start it', () => {
    expect(splitPersonName('LEHMANN Elvira')).toEqual(['Elvira', 'LEHMANN']);
    expect(splitPersonName('Hans-Peter MEIER')).toEqual(['Hans-Peter', 'MEIER']);
    expect(splitPersonName('Karl von der Heide')).toEqual(['Karl', 'von der Heide']);
    expect(splitPersonName('Anna Maria Keller')).toEqual(['Anna Maria', 'Keller']);
  });
});
