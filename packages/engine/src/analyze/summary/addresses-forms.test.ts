/**
 * Address forms beyond street + number + postcode + town on one line: British addresses written line by line
 * without a house number, US ones without commas, a map link's text, Italy's "snc" and "28/30", a province after
 * the town.
 */
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { findAddresses } from './addresses';

const page = (body: string, lang = 'en') =>
  pageFromHtml({
    url: 'https://www.example.co.uk/contact/',
    role: 'contact',
    html: `<html lang="${lang}"><head><title>Contact</title></head><body><main>${body}</main></body></html>`,
  });

describe('British addresses up to the postcode', () => {
  it('reads a unit and a business centre written over lines', () => {
    const body = `<h3>East Grinstead Scaffolding Services Ltd.</h3>
      <p>Unit 58, Rowfant Business Centre<br/>Wallage Lane<br/>Rowfant<br/>West Sussex<br/> RH10 4NQ</p>
      <p><span>Telephone:</span><a href="tel:01342712911">01342 712911</a></p>`;
    expect(findAddresses(page(body))).toEqual([
      'Unit 58, Rowfant Business Centre, Wallage Lane, Rowfant, West Sussex RH10 4NQ',
    ]);
  });

  it('reads a building without a number, and an address inside a sentence', () => {
    expect(
      findAddresses(
        page('<div>Store Room, The Old Mill,<br>Kinoulton Rd, Cropwell Bishop,<br>Nottingham NG12 3BE</div>'),
      ),
    ).toEqual(['Store Room, The Old Mill, Kinoulton Rd, Cropwell Bishop, Nottingham NG12 3BE']);
    const sentence =
      '<p>Our registered address is Unit 28 Basepoint Business Centre, Stroudley Road, Basingstoke, RG24 8UP, United Kingdom.</p>';
    expect(findAddresses(page(sentence))).toEqual([
      'Unit 28 Basepoint Business Centre, Stroudley Road, Basingstoke RG24 8UP',
    ]);
  });

  it('reads no address from a postcode without a road or building before it', () => {
    expect(
      findAddresses(page('<p>We cover Reading, Basingstoke and Newbury, RG24 8UP and around.</p>')),
    ).toEqual([]);
  });
});

describe('US addresses', () => {
  it('reads one written without commas, in capitals', () => {
    expect(findAddresses(page('<p>7377 NW 54TH ST Miami FL 33166 | Teléfono: +1(305) 849 2066</p>'))).toEqual(
      ['7377 NW 54TH ST, Miami, FL 33166'],
    );
  });

  it('needs a state: two capitals that name none are no address', () => {
    expect(findAddresses(page('<p>Order 12 Turbo Road Runner GT 50000 today.</p>'))).toEqual([]);
  });
});

describe('a map link', () => {
  it('takes the text of a link to a map as the address', () => {
    const body = `<a target="_blank" href="https://goo.gl/maps/fJS3bVtCKDLNCb3w5"><p><i></i>Av. Pedro Parra Centeno 110</p>
      <span>Tlajomulco de Zúñiga, Jalisco</span></a>`;
    expect(findAddresses(page(body, 'es'))).toEqual([
      'Av. Pedro Parra Centeno 110, Tlajomulco de Zúñiga, Jalisco',
    ]);
  });

  it('does not take a map link that reads "Get directions"', () => {
    expect(findAddresses(page('<a href="https://maps.app.goo.gl/abc">Get directions</a>'))).toEqual([]);
  });
});

describe('Italy and Spain', () => {
  it('reads "snc" and a house number range, with the province after the town', () => {
    expect(
      findAddresses(page('<p>Loc. Cerrani snc, 66010</p><p>Pretoro, Chieti</p><p>0871 898170</p>', 'it')),
    ).toEqual(['Loc. Cerrani snc, 66010 Pretoro, Chieti']);
    expect(findAddresses(page('<p>Strada Privata Gaudenzio Ferrari, 28/30, 28060 Novara</p>', 'it'))).toEqual(
      ['Strada Privata Gaudenzio Ferrari, 28/30, 28060 Novara'],
    );
  });
});
