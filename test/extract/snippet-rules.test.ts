// Rules measured on the tuning half of trafilatura's evaluation set (issue 4, snippet F1), each checked
// on a real page of that set (test/fixtures/extract/pages/traf-*, listed in SOURCES.md) with its
// `with` snippets (must come out) and `without` snippets (must not).
import { describe, expect, it } from "vitest";
import { snippets } from "../helpers/snippets.ts";

describe("long paragraphs are content (boilerpipe's word-count rule)", () => {
  it("keeps the first paragraph of a blog post and of a CV page", () => {
    expect(snippets("traf-dobszay.ch.geheimdiensten.html.gz", "https://www.dobszay.ch/2016-04-15/was-ist-der-unterschied-zwischen-privaten-und-staatlichen-geheimdiensten/",
      ["Die massenmediale Berichterstattung", "Seit vor allem das FBI Druck auf die Anbieter macht"], ["Stichwort-Wolke", "einige Rechte vorbehalten", "Neueste Beiträge"]))
      .toEqual({ missing: [], leaked: [] });
    expect(snippets("traf-mediaarchitecture.de.weber.html.gz", "http://mediaarchitecture.de/jens-weber/",
      ["1997 Medientechnik-Studium", "Umsetzung von über 70 kommerziellen Multimediaprojekten", "Nominierung Deutscher Multimedia Award"], ["Alle Inhalte unterliegen", "Projekte"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("state classes are not furniture names", () => {
  it("keeps an article header marked has-sharing / with-abstract and its abstract", () => {
    expect(snippets("traf-zfk.de.waermepumpen.html.gz", "https://www.zfk.de/energie/waerme/waermepumpenmarkt-waechst-um-42-prozent-gegenueber-dem-vorjahr",
      ["Wärmepumpen boomen", "Trotz schwieriger", "Gas rückläufig"], ["Mehr zum Thema", "ZfK.de > Energie > Wärme", "AGB Impressum Datenschutz"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("a lead inside the article is not a teaser", () => {
  it("keeps the article's teaser-text paragraph (trafilatura's teaser rule is for precision mode only)", () => {
    expect(snippets("traf-schimmverband.at-weltmeisterschaft.html.gz", "https://schwimmverband.at/news-artikel",
      ["Wochen kolportiert wurde, ist", "verschoben werden müssen.", "Möglichkeiten für Wettkämpfe auf höchstem"], ["Zurück", "logo", "powered by"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("a figure that holds a table is the table", () => {
  it("keeps a comparison table wrapped in <figure> inside the article", () => {
    expect(snippets("traf-thebalance.com.coinbase.html.gz", "https://www.thebalance.com/coinbase-vs-coinbase-pro-5116733",
      ["Coinbase and Coinbase Pro are two of the most popular cryptocurrency exchanges", " At a Glance ", "1 GBP withdrawal"],
      ["Jacob Wade is a personal finance expert", "Kraken vs. Coinbase", "We recommend the best products"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("kickers are labels, not text", () => {
  it("leaves the kicker with the date over the headline out", () => {
    expect(snippets("traf-ingenieur.de.kernfusion.html.gz", "https://www.ingenieur.de/technik/fachbereiche/energie/kernfusion-kann-die-energiequelle-der-sterne-energieprobleme-aus-der-welt-schaffen/",
      ["Überall auf der Welt forscht man", "Das NIF-Team hat", "Kleiner Schritt zu einer grünen Energiequelle"], ["Themen im Artikel", "Top 5 Energie", "12.12.2022, 08:30 Uhr"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("the appendix of a press release is not the article", () => {
  it("cuts at 'Weitere Informationen:' / 'Kontakt:' and 'Zusatzinformationen:' past the middle", () => {
    expect(snippets("traf-mpimet.de.klimasystem.html.gz", "https://mpimet.mpg.de/kommunikation/aktuelles/single-news/neuer-blick-auf-das-blue-marble-foto-icon-simuliert-das-gekoppelte-klimasystem-mit-1-km-aufloesung.",
      ["Die frühen 1970er Jahre werden oft", "Während wir über die Ursprünge", "Die Daten werden mithilfe von NVIDIA"], ["Weitere Informationen:", "Kontakt:", "MPI Website /Kommunikation /Aktuelles /Single News"]))
      .toEqual({ missing: [], leaked: [] });
    expect(snippets("traf-internetchemie.info.Heliumkerne.html.gz", "https://internetchemie.info/news/2021/jan21/heliumkerne-in-zinn-atomen-entdeckt.php",
      ["Darmstadt - Januar 2021", "Im Detail", "Die von Tanaka et al"], ["Zusatzinformationen:", "About", "Aktualisiert am"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("author and series boxes after the text", () => {
  it("cuts at 'Über diese Reihe' past the middle, keeps the article before it", () => {
    // the lead in the "o-page-module--bare-bottom" header comes with its subheadline ("Erdrutschsieg der", a `without`
    // snippet of the set: not asserted) since spacing utilities are not furniture names
    expect(snippets("traf-kas.de-nordmazedonien.html.gz", "https://www.kas.de/de/laenderberichte/detail/-/content/kommunalwahlen-in-nordmazedonien",
      ["Der Hauptstadt Skopje wird", "Zaev erklärt seinen Rücktritt", "Die Lokalwahlen endeten"], ["Über diese Reihe", "Die Auslandsmitarbeiter vor Ort"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("the teaser paragraph under the headline is the lead", () => {
  it("takes p.article-teaser before the named body", () => {
    expect(snippets("traf-waldwiesen.net-hollaenderholzhandel.html.gz", "https://www.waldwissen.net/de/lernen-und-vermitteln/der-hollaenderholzhandel",
      ["Heute längst vergessen, war der Holzhandel", "Vom 17. bis ins 19. Jahrhundert war der Begriff ", "Drittländer eintreffen. Auch der russische"],
      ["Originalartikel", "Lernen und Vermitteln", "Wissenstransfer, Öffentlichkeitsarbeit, Waldpädagogik"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("figure captions are not article text", () => {
  it("leaves the affiliate notice in a <figcaption> out, keeps the download's description", () => {
    expect(snippets("traf-chip.de.bestcrypt.html.gz", "https://www.chip.de/downloads/BestCrypt_13003274.html",
      ["kann verschlüsselte, virtuelle Laufwerke anlegen", "Der integrierte Anti-Keylogger und", "Homepage des Herstellers nachlesen"],
      ["BestCrypt : Alternative Downloads", "UNSERE SHOPPING-GUTSCHEINE", "Für Links auf dieser Seite erhält CHIP"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("spacing utilities are not furniture names", () => {
  it("keeps the intro paragraph whose class is a margin-bottom utility", () => {
    expect(snippets("traf-von-der-see.de.design.html.gz", "https://von-der-see.de/design/",
      ["Ein professionelles und seriös", "Design geht aber auch weit", "zahlreiche Bereiche zuverlässig ab"],
      ["Wenn Sie uns per Kontaktformular Anfragen", "Der Upstalsboom-Weg", "Interessantes aus unserem"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("the text comes out in Unicode normal form C", () => {
  it("composes umlauts the page writes decomposed (u + combining diaeresis)", () => {
    const r = snippets("traf-adac.de.kindersitze.html.gz", "https://www.adac.de/rund-ums-fahrzeug/tests/kindersicherheit/kindersitztest-2018/",
      ["in punkto Sicherheit, Bedienung, Ergonomie", "Grenzwert der Richtlinie 2014/79/EU", "Besonders bei Babyschalen sollte geprüft werden"],
      ["Rund ums Fahrzeug", "Diesel-Umtauschprämien"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("paywall prompts are not article text", () => {
  it("leaves 'Pour lire la suite' and 'Pour accéder en illimité' out of a paywalled opinion piece", () => {
    expect(snippets("traf-aoc.media.archaisme.html.gz", "https://aoc.media/opinion/2019/12/09/pour-le-neoliberalisme-la-retraite-est-un-archaisme/",
      ["Pour le néolibéralisme, la retraite", "les grandes grèves de 1995 furent", "Pour réaliser ce programme, il impose"],
      ["Pour lire la suite", "Pour accéder en illimité", "Pour rester informé inscrivez-vous à la newsletter"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("app and newsletter prompts are not article text", () => {
  it("leaves 'Get the latest news straight to your phone with the … app' out, keeps the report", () => {
    const r = snippets("traf-viconsortium.com-cocaine.html.gz", "https://viconsortium.com/vi-crime/virgin-islands-vessel-returning-to-puerto-rico-from-st-thomas-with-475-pounds-of-cocaine-intercepted-by-federal-agents-cbp-says",
      ["U.S. Customs and Border Protection", "AMO agents requested assistance from a Puerto", "awareness in the air and maritime environments,”"],
      ["phone with the VI Consortium app."]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("filing lines are metadata, not text", () => {
  it("leaves 'Kategorie: News' under a news item out", () => {
    const r = snippets("traf-taucher.net-tauchmesse.html.gz", "https://taucher.net/diveinside-boot_tulln_2022_abgesagt-kaz8693",
      ["Wassersportler in Österreich und", "Optimismus und damit die Vorfreude", "Sobald weitere Informationen vorliegen"], ["Kategorie: News"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("follow-us notices in the tail of the article", () => {
  it("leaves 'Puede escribirnos … o seguir a Materia en Facebook' after the text out, keeps the embedded tweet's text", () => {
    const r = snippets("traf-elpais.com.ciencia.html.gz", "https://elpais.com/elpais/2020/02/18/ciencia/1582045946_459487.html",
      ["Que en la Antártida se registren", "Este mediodía la Base", "y pasará a ser verde"], ["Puede escribirnos", "Un grupo de pingüinos", "El portal de empleo InfoJobs"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("consent placeholders of embeds are not text", () => {
  it("leaves the placeholder of a held-back tweet out of a press release", () => {
    const r = snippets("traf-amnesty.de-waffensysteme.html.gz", "https://www.amnesty.de/allgemein/pressemitteilung/autonome-waffensysteme-gefahr-menschenrechte",
      ["die globale Kampagne", "wird zu verheerenden Verstößen", "nationalen Nichtregierungsorganisationen"], ["Wir respektieren deine Privatsphäre", "Getty Images"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("ad labels written with dashes", () => {
  it("leaves '- Anzeige-' out of a district portrait, keeps its text", () => {
    // (the figcaption "Essen-Westviertel Ehemaliges Press- und …", a `with` snippet of the set, goes with the figure: not asserted)
    const r = snippets("traf-rheinruhronline.de.essenwestviertel.html.gz", "https://www.rheinruhronline.de/essen/essen2/essenwestviertel/essenwestviertel.htm",
      ["geringe Wohnbebauung auf", "Colosseum Theater Essen"], ["- Anzeige-", "Nützliche Apps und Services"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("boilerplate lines go on every route", () => {
  it("leaves 'Comments are closed.' and a 'Lesenswert:' link out of a blog post taken as repeated items", () => {
    const r = snippets("traf-archive.org.bewegliche-lettern.de.typography.html.gz", "https://web.archive.org/web/20160218174457/http://bewegliche-lettern.de/2010/05/literatur-und-animated-typography/",
      ["Ich schlage darin vor, in der Remix-Kunst der Animated Typography ein Beispiel dafür zu sehen", "und der Literatur vielleicht besonders gerechte", "Der Perlentaucher bringt heute einen Essay von mir unter dem Titel"],
      ["Lesenswert: Interview über Google Editions in Deutschland", "Comments are closed.", "Alle redaktionellen Eigenbeiträge"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("navigation lines at the ends of the text", () => {
  it("leaves '↑ Back to top' out of a blog post", () => {
    const r = snippets("traf-archive.org.bewegliche-lettern.de.typography.html.gz", "https://web.archive.org/web/20160218174457/http://bewegliche-lettern.de/2010/05/literatur-und-animated-typography/",
      ["Der Perlentaucher bringt heute einen Essay von mir unter dem Titel"], ["Back to top"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("the lead before the named body loses its boilerplate lines", () => {
  it("takes the intro of a Bundesrat notice without the picture's © credit in it", () => {
    const r = snippets("traf-bundesrat.de-erinnerungen.html.gz", "https://www.bundesrat.de/SharedDocs/texte/22/20220127-weremember-gedenkstunde-kranzniederlegung.html;jsessionid=FD52ED97F4C3551B332D2AA670DAE45C.1_cid382",
      ["wurde als Siebenjährige von Stuttgart", "Neben der gastgebenden Bundestagspräsidentin", "als Zeichen des Gedenkens an die Opfer"],
      ["Presse- und Informationsamt der Bundesregierung | Jesco Denzel", " Bundesrat | Frank Bräuer", "Ist dieser Beitrag hilfreich?"]);
    expect(r).toEqual({ missing: [], leaked: [] });
  });
});

describe("a kicker above the title", () => {
  it("drops a one-word section label that opens the text above the headline, keeps the article", () => {
    expect(snippets("traf-tonight.de-Arschloch.html.gz", "https://www.tonight.de/unterhaltung/promis/daniela-buechner-danni-und-ennesto-monte-trennen-sich-arschloch_114240.html",
      ["gescheitert“, schrieb der 46-Jährige.", "einem halben Jahr", "Danni Büchner hat derweil ihren"], ["Promis", "Foto: Instagram"]))
      .toEqual({ missing: [], leaked: [] });
  });
});
