// Word lists for the entity heuristics, one copy each.
import { dict } from "../dict.ts";

/** Last words that make a capitalised name an organisation ("Acme Corp", "Betty Ford Center"). */
export const ORG_SUFFIXES = new Set([
  "inc", "inc.", "corp", "corp.", "corporation", "co", "co.", "company", "ltd", "ltd.", "llc", "plc", "ag", "gmbh", "sa", "s.a.",
  "nv", "n.v.", "bv", "spa", "group", "holdings", "bank", "university", "college", "institute", "school", "academy",
  "ministry", "department", "agency", "commission", "council", "committee", "association", "federation", "foundation",
  "union", "party", "court", "police", "army", "navy", "force", "forces", "center", "centre", "hospital", "clinic",
  "church", "club", "society", "organisation", "organization", "authority", "board", "bureau", "office", "service",
  "services", "network", "news", "times", "post", "journal", "press", "airlines", "airways", "motors", "systems",
  "technologies", "laboratories", "labs", "trust", "fund", "parliament", "senate", "congress", "assembly", "team",
  "administration",
]);

/** First words that make "X of Y" an organisation ("University of Oxford", "Ministry of Defence"). */
export const ORG_PREFIXES = new Set([
  "university", "ministry", "department", "bank", "church", "institute", "college", "office", "bureau", "house",
  "court", "council", "commission", "federation", "association", "academy", "museum", "league",
]);

/** Small words allowed inside a capitalised name ("Bank of America", "Food and Drug Administration"). */
export const NAME_CONNECTORS = new Set(["of", "for", "and", "&", "de", "du", "la", "von", "van", "der", "the"]);

/** Titles and honorifics removed from the front of a person's name. */
export const PERSON_TITLES = new Set([
  "mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "president", "vice", "prime",
  "minister", "secretary", "senator", "sen", "rep", "representative", "governor", "gov", "mayor", "judge", "justice",
  "king", "queen", "prince", "princess", "pope", "rev", "reverend", "father", "general", "gen", "colonel", "col",
  "captain", "capt", "lieutenant", "lt", "sgt", "sergeant", "officer", "chancellor", "chief", "coach", "actor",
  "actress", "singer", "star", "director", "ceo", "chairman", "spokesman", "spokeswoman", "detective", "attorney",
]);

/** Capitalised words that start sentences or headlines but name nothing. */
export const NOT_NAME_WORDS = new Set([
  "the", "a", "an", "in", "on", "at", "but", "and", "or", "if", "when", "after", "before", "while", "this", "that",
  "these", "those", "he", "she", "it", "they", "we", "i", "you", "his", "her", "their", "our", "its", "there", "here",
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
  "april", "may", "june", "july", "august", "september", "october", "november", "december", "according", "as",
]);

/** Canonical keys for the common spellings of a place. */
/** Prototype-free (lib/dict.ts): looked up by the words of a name, and "constructor" is a word. */
export const PLACE_ALIASES: Record<string, string> = dict({
  "us": "united states", "u s": "united states", "usa": "united states", "u s a": "united states",
  "united states of america": "united states", "america": "united states", "the united states": "united states",
  "uk": "united kingdom", "u k": "united kingdom", "britain": "united kingdom", "great britain": "united kingdom",
  "the uk": "united kingdom", "england": "england", "la": "los angeles", "l a": "los angeles",
  "nyc": "new york", "new york city": "new york", "n y": "new york", "dc": "washington", "d c": "washington",
  "washington dc": "washington", "washington d c": "washington", "uae": "united arab emirates",
  "the netherlands": "netherlands", "holland": "netherlands", "the philippines": "philippines",
});

/** US states as news style abbreviates them after a city ("Florence, Colo."; AP stylebook), with their names:
 * the period belongs to the word, and the key is the state's. Capitalised spellings only ("ill." is a word). */
export const STATE_ABBREVIATIONS: Record<string, string> = dict({
  "Ala": "alabama", "Ariz": "arizona", "Ark": "arkansas", "Calif": "california", "Colo": "colorado", "Conn": "connecticut",
  "Del": "delaware", "Fla": "florida", "Ga": "georgia", "Ill": "illinois", "Ind": "indiana", "Kan": "kansas", "Kans": "kansas",
  "Ky": "kentucky", "La": "louisiana", "Md": "maryland", "Mass": "massachusetts", "Mich": "michigan", "Minn": "minnesota",
  "Miss": "mississippi", "Mo": "missouri", "Mont": "montana", "Neb": "nebraska", "Nebr": "nebraska", "Nev": "nevada",
  "Okla": "oklahoma", "Ore": "oregon", "Pa": "pennsylvania", "Penn": "pennsylvania", "Tenn": "tennessee", "Tex": "texas",
  "Vt": "vermont", "Va": "virginia", "Wash": "washington state", "Wis": "wisconsin", "Wisc": "wisconsin", "Wyo": "wyoming",
});

/** Abbreviations whose final period belongs to the name. */
export const DOTTED_ABBREVIATION = new RegExp(`(?:\\b(?:[A-Z]\\.){2,}|\\b(?:Inc|Corp|Co|Ltd|Jr|Sr|St|Bros|${Object.keys(STATE_ABBREVIATIONS).join("|")})\\.)$`);
