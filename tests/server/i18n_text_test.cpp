// The server's formatter against the browser's (web/js/i18n.js with Node's Intl): messages with
// arguments, plurals, selects and numbers written the same way; plural categories as CLDR has
// them; Accept-Language; and times in a reader's time zone. Pure: no server.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "i18n/message.hpp"
#include "i18n/numbers.hpp"
#include "i18n/plural.hpp"
#include "i18n/text.hpp"
#include "i18n/zone.hpp"

using namespace loyang::server::i18n;
using nlohmann::json;

namespace {

// `text` parsed and filled in as text() does with a catalog's message.
std::string fill(const std::string& text, std::string_view language, const json& args = json::object()) {
  const auto m = parse_message(text);
  return m ? render(*m, args, language) : text;
}

const std::string narrow_nbsp = "\u202F";  // French groups thousands with it, as Intl does
const std::string nbsp = "\u00A0";

}  // namespace

TEST_CASE("arguments are filled in; numbers the language's way, strings as they are", "[i18n]") {
  const std::string m = "{name} has {n} Cash and {c, number} coins";
  CHECK(fill(m, "en", {{"name", "ann"}, {"n", 1234}, {"c", 1234567}}) == "ann has 1,234 Cash and 1,234,567 coins");
  CHECK(fill(m, "fr", {{"name", "ann"}, {"n", 1234}, {"c", 5}}) == "ann has 1" + narrow_nbsp + "234 Cash and 5 coins");
  // A number given as a string is text: ids and years stay as they are.
  CHECK(fill(m, "en", {{"name", "ann"}, {"n", "1234"}, {"c", "2026"}}) == "ann has 1234 Cash and 2026 coins");
  // Missing and null arguments are nothing; true is "true" (the browser's String()).
  CHECK(fill(m, "en", {{"n", nullptr}, {"c", true}}) == " has  Cash and true coins");
  CHECK(fill("{ name }!", "it", {{"name", "bob"}}) == "bob!");
  CHECK(fill("no arguments", "en") == "no arguments");
}

TEST_CASE("plurals: an exact =N first, then the language's category, # is the number", "[i18n]") {
  const std::string loans = "{n, plural, =0 {no loan} one {# loan} other {# loans}}";
  CHECK(fill(loans, "en", {{"n", 0}}) == "no loan");
  CHECK(fill(loans, "en", {{"n", 1}}) == "1 loan");
  CHECK(fill(loans, "en", {{"n", 2}}) == "2 loans");
  CHECK(fill(loans, "en", {{"n", 1234}}) == "1,234 loans");
  CHECK(fill(loans, "en", {{"n", "1"}}) == "1 loan");  // Number("1") in the browser
  CHECK(fill(loans, "en") == "NaN loans");            // no n: NaN, "other"
  // French counts 0 and 1 as "one", and whole millions as "many" (when the message has it).
  const std::string prets = "{n, plural, one {# prêt} many {# de prêts} other {# prêts}}";
  CHECK(fill(prets, "fr", {{"n", 0}}) == "0 prêt");
  CHECK(fill(prets, "fr", {{"n", 1}}) == "1 prêt");
  CHECK(fill(prets, "fr", {{"n", 2}}) == "2 prêts");
  CHECK(fill(prets, "fr", {{"n", 1000000}}) == "1" + narrow_nbsp + "000" + narrow_nbsp + "000 de prêts");
  CHECK(fill("{n, plural, one {# prêt} other {# prêts}}", "fr", {{"n", 2000000}}) ==
        "2" + narrow_nbsp + "000" + narrow_nbsp + "000 prêts");
  // Italian: 0 is "other".
  CHECK(fill("{n, plural, one {# prestito} other {# prestiti}}", "it", {{"n", 0}}) == "0 prestiti");
  // Polish has few and many.
  const std::string polish = "{n, plural, one {# karta} few {# karty} many {# kart} other {# karty}}";
  CHECK(fill(polish, "pl", {{"n", 22}}) == "22 karty");
  CHECK(fill(polish, "pl", {{"n", 25}}) == "25 kart");
  CHECK(fill(polish, "pl", {{"n", 12}}) == "12 kart");
  // # is the number only in a plural's own choices.
  CHECK(fill("# {n, plural, other {#}}", "en", {{"n", 3}}) == "# 3");
}

TEST_CASE("select chooses by a word, else other; choices nest", "[i18n]") {
  const std::string m = "{kind, select, red {Red} blue {Blue {n, plural, one {# time} other {# times}}} other {Any}}";
  CHECK(fill(m, "en", {{"kind", "red"}}) == "Red");
  CHECK(fill(m, "en", {{"kind", "blue"}, {"n", 2}}) == "Blue 2 times");
  CHECK(fill(m, "en", {{"kind", "green"}}) == "Any");
  CHECK(fill(m, "en") == "Any");
  CHECK(fill("{b, select, true {yes} other {no}}", "en", {{"b", true}}) == "yes");
}

TEST_CASE("a message that does not parse is written as it stands", "[i18n]") {
  for (const std::string bad : {"{n, plural, one {x}}", "a } b", "{unclosed", "{n, date}", "{n, plural, one}"}) {
    INFO(bad);
    CHECK_FALSE(parse_message(bad));
  }
}

TEST_CASE("numbers are written as Intl.NumberFormat writes them", "[i18n]") {
  CHECK(format_number("en", std::int64_t{1234}) == "1,234");
  CHECK(format_number("en", std::int64_t{-1234567}) == "-1,234,567");
  CHECK(format_number("en", std::int64_t{999}) == "999");
  CHECK(format_number("fr", std::int64_t{1234}) == "1" + narrow_nbsp + "234");
  CHECK(format_number("fr-CH", std::int64_t{1234}) == "1" + narrow_nbsp + "234");
  // Italian and Spanish group from five digits on.
  CHECK(format_number("it", std::int64_t{1234}) == "1234");
  CHECK(format_number("it", std::int64_t{12345}) == "12.345");
  CHECK(format_number("es", std::int64_t{1234}) == "1234");
  CHECK(format_number("de", std::int64_t{1234}) == "1.234");
  CHECK(format_number("pt", std::int64_t{1234}) == "1.234");
  CHECK(format_number("pl", std::int64_t{12345}) == "12" + nbsp + "345");
  CHECK(format_number("ru", std::int64_t{1234}) == "1" + nbsp + "234");
  CHECK(format_number("sv", std::int64_t{-5}) == "\u22125");
  CHECK(format_number("xx", std::int64_t{1234}) == "1,234");  // unknown: English
  CHECK(format_number("en", 1234.5678) == "1,234.568");
  CHECK(format_number("fr", 1.5) == "1,5");
  CHECK(format_number("it", 0.25) == "0,25");
  CHECK(format_number("en", 2.0) == "2");
}

TEST_CASE("plural categories of integers are CLDR's, as Node's Intl.PluralRules gives them", "[i18n]") {
  // From `new Intl.PluralRules(code).select(n)` (Node 20, ICU 78) for these numbers;
  // z zero, o one, t two, f few, m many, x other.
  const std::vector<std::int64_t> numbers{0,   1,   2,   3,   4,   5,   6,   7,   8,    9,    10,      11,      12,      13,     14,     15,
                                          16,  17,  18,  19,  20,  21,  22,  23,  24,   25,   26,      27,      28,      29,     30,     100,
                                          101, 102, 103, 104, 105, 106, 107, 108, 109,  110,  111,     112,     113,     114,    115,    116,
                                          117, 118, 119, 120, 121, 122, 123, 124, 125,  1000, 1011,    1000000, 2000000, 1000001, 3000000};
  const std::vector<std::pair<std::string, std::string>> expected{
      {"en", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"fr", "ooxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxmmxm"},
      {"it", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxmmxm"},
      {"de", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"es", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxmmxm"},
      {"pt", "ooxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxmmxm"},
      {"nl", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"pl", "mofffmmmmmmmmmmmmmmmmmfffmmmmmmmmfffmmmmmmmmmmmmmmmmmfffmmmmmmm"},
      {"ru", "mofffmmmmmmmmmmmmmmmmofffmmmmmmmofffmmmmmmmmmmmmmmmmofffmmmmmom"},
      {"cs", "xofffxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"sk", "xofffxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"sv", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"da", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"nb", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"fi", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"uk", "mofffmmmmmmmmmmmmmmmmofffmmmmmmmofffmmmmmmmmmmmmmmmmofffmmmmmom"},
      {"hu", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"ro", "foffffffffffffffffffxxxxxxxxxxxxfffffffffffffffffffxxxxxxxfxxfx"},
      {"el", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"bg", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"hr", "xofffxxxxxxxxxxxxxxxxofffxxxxxxxofffxxxxxxxxxxxxxxxxofffxxxxxox"},
      {"sl", "xotffxxxxxxxxxxxxxxxxxxxxxxxxxxxotffxxxxxxxxxxxxxxxxxxxxxxxxxox"},
      {"sr", "xofffxxxxxxxxxxxxxxxxofffxxxxxxxofffxxxxxxxxxxxxxxxxofffxxxxxox"},
      {"lt", "xoffffffffxxxxxxxxxxxoffffffffxxoffffffffxxxxxxxxxxxoffffxxxxox"},
      {"lv", "zoxxxxxxxxzzzzzzzzzzzoxxxxxxxxzzoxxxxxxxxzzzzzzzzzzzoxxxxzzzzoz"},
      {"et", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"ca", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxmmxm"},
      {"ga", "xotffffmmmmxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"tr", "xoxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"is", "xoxxxxxxxxxxxxxxxxxxxoxxxxxxxxxxoxxxxxxxxxxxxxxxxxxxoxxxxxxxxox"},
      {"mt", "fotffffffffmmmmmmmmmxxxxxxxxxxxxxxffffffffmmmmmmmmmxxxxxxxmxxxx"},
      {"be", "mofffmmmmmmmmmmmmmmmmofffmmmmmmmofffmmmmmmmmmmmmmmmmofffmmmmmom"},
      {"mk", "xoxxxxxxxxxxxxxxxxxxxoxxxxxxxxxxoxxxxxxxxxxxxxxxxxxxoxxxxxxxxox"},
      {"bs", "xofffxxxxxxxxxxxxxxxxofffxxxxxxxofffxxxxxxxxxxxxxxxxofffxxxxxox"},
      {"cy", "zotfxxmxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"ja", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"he", "xotxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
      {"ar", "zotffffffffmmmmmmmmmmmmmmmmmmmmxxxffffffffmmmmmmmmmmmmmmmxmxxxx"},
  };
  const auto letter = [](std::string_view category) {
    return category == "zero" ? 'z' : category == "one" ? 'o' : category == "two" ? 't'
         : category == "few"  ? 'f' : category == "many" ? 'm' : 'x';
  };
  for (const auto& [language, categories] : expected) {
    std::string got;
    for (const auto n : numbers) got += letter(plural_category(language, double(n)));
    INFO(language);
    CHECK(got == categories);
  }
  CHECK(plural_category("fr", -1) == "one");  // the sign does not count
  CHECK(plural_category("fr", 1.5) == "one");
  CHECK(plural_category("en", 1.5) == "other");
}

TEST_CASE("the catalogs: English, French and Italian; English for what a language lacks, else the key",
          "[i18n]") {
  CHECK(available("en"));
  CHECK(available("fr"));
  CHECK(available("it"));
  CHECK_FALSE(available("xx"));
  CHECK(languages().front().code == "en");
  CHECK(text("en", "mail.greeting", {{"name", "ann"}}) == "Hello ann,");
  CHECK(text("fr", "mail.greeting", {{"name", "ann"}}) == "Bonjour ann,");
  CHECK(text("it", "mail.greeting", {{"name", "ann"}}) == "Ciao ann,");
  // No catalog (or none chosen): English. No message anywhere: the key.
  CHECK(text("de", "mail.greeting", {{"name", "ann"}}) == "Hello ann,");
  CHECK(text("", "mail.greeting", {{"name", "ann"}}) == "Hello ann,");
  CHECK(text("fr", "no.such.key") == "no.such.key");
  CHECK_FALSE(own_text("fr", "no.such.key"));
  CHECK(own_text("fr", "mail.greeting", {{"name", "ann"}}) == "Bonjour ann,");
  // A plural of the catalogs, with the language's plural rule.
  CHECK(text("en", "mail.subject.digest", {{"n", 1}}) == "At the Gates of Loyang: 1 notification about your games");
  CHECK(text("en", "mail.subject.digest", {{"n", 3}}) == "At the Gates of Loyang: 3 notifications about your games");
  CHECK(text("it", "mail.subject.digest", {{"n", 1}}) == "Alle porte di Loyang: 1 notifica sulle tue partite");
}

TEST_CASE("Accept-Language: the available language with the highest q, else English", "[i18n]") {
  CHECK(negotiate("fr-CH;q=0.9, en;q=0.5") == "fr");
  CHECK(negotiate("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == "fr");
  CHECK(negotiate("en-US,en;q=0.9,fr;q=0.8") == "en");
  CHECK(negotiate("de-DE, it;q=0.5, fr;q=0.4") == "it");
  CHECK(negotiate("fr;q=0.1, it;q=0.2") == "it");
  CHECK(negotiate("IT") == "it");
  CHECK(negotiate("it;q=0.5;level=1") == "it");
  CHECK(negotiate(" fr ; q = 0.7 ") == "fr");
  CHECK(negotiate("de") == "en");
  CHECK(negotiate("") == "en");
  CHECK(negotiate("*") == "en");
  CHECK(negotiate("fr;q=0") == "en");     // not acceptable
  CHECK(negotiate("fr;q=2, it") == "it");  // a q that does not parse drops its entry only
  CHECK(negotiate("fr;q=abc") == "en");
  CHECK(negotiate("\xC3\xA7%&;q=,,,;;=;") == "en");
  CHECK(negotiate(",,, it") == "it");
  CHECK(negotiate(std::string(100000, ',') + "fr") == "en");  // past what is read
  CHECK(negotiate(std::string(10000, 'x')) == "en");
}

TEST_CASE("times in a reader's time zone, winter and summer; an unknown zone is refused", "[i18n]") {
  constexpr std::int64_t winter = 1768478400;  // 2026-01-15 12:00:00 UTC
  constexpr std::int64_t summer = 1784116800;  // 2026-07-15 12:00:00 UTC
  // No zone: UTC, as mails have always written deadlines.
  CHECK(date_time("en", winter, "") == "2026-01-15 12:00 UTC");
  CHECK(date_time("", summer, "") == "2026-07-15 12:00 UTC");
  CHECK(date_time("en", winter, "UTC") == "2026-01-15 12:00 UTC");
  CHECK(date_time("fr", winter, "Europe/Paris") == "15/01/2026 à 13:00 (CET)");
  CHECK(date_time("fr", summer, "Europe/Paris") == "15/07/2026 à 14:00 (CEST)");
  CHECK(date_time("it", summer, "Europe/Rome") == "15/07/2026, ore 14:00 (CEST)");
  CHECK(date_time("en", winter, "America/New_York") == "2026-01-15 07:00 EST");
  CHECK(date_time("en", summer, "America/New_York") == "2026-07-15 08:00 EDT");
  CHECK(date_time("en", winter, "Asia/Kolkata") == "2026-01-15 17:30 IST");
  // Zones the database names by their offset.
  CHECK(date_time("en", winter, "America/Sao_Paulo") == "2026-01-15 09:00 UTC-03");
  CHECK(date_time("en", winter, "Asia/Kathmandu") == "2026-01-15 17:45 UTC+05:45");
  // The night Paris moves its clocks forward (29 March 2026, 02:00 CET becomes 03:00 CEST).
  const auto before = in_zone(1774745999, "Europe/Paris");
  const auto after = in_zone(1774746000, "Europe/Paris");
  REQUIRE(before);
  REQUIRE(after);
  CHECK((before->hour == 1 && before->minute == 59 && before->second == 59 && before->zone == "CET"));
  CHECK((after->hour == 3 && after->minute == 0 && after->zone == "CEST"));
  // Unknown zones: refused, never a crash, and a text falls back to UTC.
  CHECK(known_zone("Europe/Paris"));
  CHECK(known_zone("UTC"));
  const std::vector<std::string> unknown{"Mars/Olympus_Mons", "",           "Europe",       "../../etc/passwd",
                                        "/etc/localtime",    "localtime",  "Europe/Paris/", "europe paris",
                                        "Europe/Paris\n",    std::string(200, 'A')};
  for (const auto& bad : unknown) {
    INFO(bad);
    CHECK_FALSE(known_zone(bad));
    if (!bad.empty()) CHECK_FALSE(in_zone(winter, bad));  // "" is no zone: UTC
  }
  CHECK(date_time("fr", winter, "Mars/Olympus_Mons") == "15/01/2026 à 12:00 (UTC)");
}
