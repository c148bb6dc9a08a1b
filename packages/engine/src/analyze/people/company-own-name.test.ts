/**
 * The legal name written outside a legal page: a line that gives the site's own name with a legal form, and the
 * legal forms such lines end in (Spain's "S.L.U.", Belgium's "Comm.V."), and a clause that is no name.
 */
import { describe, expect, it } from 'vitest';
import { type PageInput, pageFromHtml } from '../../crawl/page';
import { analyzePeople } from './analyze';
import { findLegalForm } from './legal-forms';

const page = (body: string, url: string, role: PageInput['role'] = 'contact', lang = 'nl') =>
  pageFromHtml({
    url,
    html: `<html lang="${lang}"><head></head><body><main>${body}</main></body></html>`,
    role,
  });

const legalName = async (...pages: ReturnType<typeof page>[]) =>
  (await analyzePeople(pages)).company.legal_name?.value ?? null;

describe('legal forms at the end of a name', () => {
  it.each([
    ['Arretxe Motos S.L.U.', 'S.L.U.', 'S.L.'],
    ['Integraal Groen Comm.V.', 'Comm.V.', 'CommV'],
  ])('%s', (text, written, canonical) => {
    expect(findLegalForm(text)).toMatchObject({ written, canonical });
  });
});

describe("the site's own name with a legal form, on any page", () => {
  it('takes the name over the address of a contact page', async () => {
    const contact = page(
      '<h2>Contact</h2><p>Integraal Groen Comm.V.<br>Lichterveldsestraat 10<br>8800 Roeselare</p>',
      'https://integraalgroen.be/contact.html',
    );
    expect(await legalName(contact)).toBe('Integraal Groen Comm.V.');
  });

  it("does not take another company's name, nor a heading glued before the site's name", async () => {
    const supplier = page(
      '<p>Wij werken samen met Tuinhandel Peeters BV.</p><p>Groenbeheer Vlaanderen BV<br>Kerkstraat 1<br>8800 Roeselare</p>',
      'https://integraalgroen.be/partners.html',
    );
    expect(await legalName(supplier)).toBeNull();
    const glued = page(
      '<div>30 Anni di Successi Centro Carrelli S.r.l.</div>',
      'https://www.centrocarrelli.net/',
      'home',
      'it',
    );
    expect(await legalName(glued)).toBeNull();
  });

  it('does not take a clause before the name as part of it', async () => {
    const notice = page(
      '<h1>Aviso legal</h1><p>Grupo Dulas, a través de Dulas Servicios Integrales S.L.U., se dedica a la rehabilitación.</p>',
      'https://grupodulas.com/aviso-legal/',
      'imprint',
      'es',
    );
    expect(await legalName(notice)).toBe('Dulas Servicios Integrales S.L.U.');
  });
});
