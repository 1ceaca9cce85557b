// The server in the reader's language (docs/i18n.md): the message of an HTTP error follows the
// request's Accept-Language (its code never changes, and English keeps the server's own
// sentences); and an account's language and time zone, GET and PUT /api/account/locale, kept
// durably with its notification settings.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "i18n/text.hpp"
#include "server_fixture.hpp"

using namespace loyang::test;
namespace i18n = loyang::server::i18n;

namespace {

std::string message_of(const api_answer& a) {
  INFO(a.body.dump());
  REQUIRE(a.body.contains("error"));
  return a.body["error"]["message"];
}

/// The account's locale: GET /api/account/locale.
json locale(std::uint16_t port, const std::string& token) {
  const auto got = call_api(port, http::verb::get, "/api/account/locale", std::nullopt, token);
  INFO(got.body.dump());
  REQUIRE(got.status == http::status::ok);
  return got.body;
}

}  // namespace

TEST_CASE("an HTTP error's message is in the language of Accept-Language, its code unchanged", "[i18n]") {
  running_server s;
  const auto token = sign_up(s.port(), "lang_ann");
  const auto french = i18n::text("fr", "error.bad_token");
  const auto italian = i18n::text("it", "error.bad_token");
  REQUIRE(french != i18n::text("en", "error.bad_token"));

  // Without the header, or asking for English or a language without a catalog: the server's
  // own English sentence, as before.
  const std::string english = "log in first: no bearer token";
  for (const std::string wanted : {"", "en", "en-GB,en;q=0.9", "de", "*", "fr;q=0"}) {
    INFO("Accept-Language: " << wanted);
    const auto a = wanted.empty() ? call_raw(s.port(), http::verb::get, "/api/account/locale", {})
                                  : call_raw(s.port(), http::verb::get, "/api/account/locale", {{"Accept-Language", wanted}});
    CHECK(a.status == http::status::unauthorized);
    CHECK(code_of(a) == "bad_token");
    CHECK(message_of(a) == english);
  }
  // French or Italian: the catalog's message, the same code and status.
  for (const auto& [wanted, expected] : std::vector<std::pair<std::string, std::string>>{
           {"fr", french}, {"fr-CH;q=0.9, en;q=0.5", french}, {"de-DE, it;q=0.8, fr;q=0.7", italian}}) {
    INFO("Accept-Language: " << wanted);
    const auto a = call_raw(s.port(), http::verb::get, "/api/account/locale", {{"Accept-Language", wanted}});
    CHECK(a.status == http::status::unauthorized);
    CHECK(code_of(a) == "bad_token");
    CHECK(message_of(a) == expected);
  }

  // An endpoint's own refusal (answered after the route ran), a file that is not there, a body
  // that is not JSON and one over the limit (answered before any route): all the same.
  const std::vector<std::pair<std::string, std::string>> fr_with_token{
      {"Accept-Language", "fr"}, {"Authorization", "Bearer " + token}};
  const auto unknown_field = call_raw(s.port(), http::verb::put, "/api/account/locale", fr_with_token, R"({"colour": 1})");
  CHECK(unknown_field.status == http::status::bad_request);
  CHECK(code_of(unknown_field) == "bad_request");
  CHECK(message_of(unknown_field) == i18n::text("fr", "error.bad_request"));
  const auto english_field = call_raw(s.port(), http::verb::put, "/api/account/locale",
                                      {{"Authorization", "Bearer " + token}}, R"({"colour": 1})");
  CHECK(message_of(english_field) == "unknown field \"colour\"");

  const auto missing = call_raw(s.port(), http::verb::get, "/no-such-file.txt", {{"Accept-Language", "it"}});
  CHECK(missing.status == http::status::not_found);
  CHECK(code_of(missing) == "not_found");
  CHECK(message_of(missing) == i18n::text("it", "error.not_found"));

  const auto not_json = call_raw(s.port(), http::verb::post, "/api/games", fr_with_token, "{nope");
  CHECK(code_of(not_json) == "bad_json");
  CHECK(message_of(not_json) == i18n::text("fr", "error.bad_json"));

  const auto too_large = call_raw(s.port(), http::verb::post, "/api/games", {{"Accept-Language", "fr"}},
                                  "[" + std::string(20000, ' ') + "]");
  CHECK(too_large.status == http::status::payload_too_large);
  CHECK(code_of(too_large) == "too_large");
  CHECK(message_of(too_large) == i18n::text("fr", "error.too_large"));
}

TEST_CASE("GET and PUT /api/account/locale: a language with a catalog and an IANA time zone, kept durably",
          "[i18n]") {
  auto data = std::make_shared<temp_dir>();
  std::string token;
  {
    running_server s({}, data);
    token = sign_up(s.port(), "locale_ann");
    // Nothing chosen yet.
    CHECK(locale(s.port(), token) == json{{"language", ""}, {"time_zone", ""}});

    const auto put = call_api(s.port(), http::verb::put, "/api/account/locale",
                              json{{"language", "fr"}, {"time_zone", "Europe/Paris"}}, token);
    INFO(put.body.dump());
    REQUIRE(put.status == http::status::ok);
    CHECK(put.body == json{{"language", "fr"}, {"time_zone", "Europe/Paris"}});
    // Either field alone; the other stays.
    REQUIRE(call_api(s.port(), http::verb::put, "/api/account/locale", json{{"time_zone", "America/New_York"}}, token)
                .status == http::status::ok);
    CHECK(locale(s.port(), token) == json{{"language", "fr"}, {"time_zone", "America/New_York"}});

    // Refusals change nothing.
    const std::vector<std::pair<json, std::string>> refused{
        {json{{"language", "xx"}}, "no catalog for the language \"xx\""},
        {json{{"language", "it"}, {"time_zone", "Mars/Olympus_Mons"}}, "unknown time zone \"Mars/Olympus_Mons\""},
        {json{{"time_zone", "../../etc/passwd"}}, "unknown time zone"},
        {json{{"language", "it"}, {"colour", "red"}}, "unknown field \"colour\""},
        {json{{"language", 5}}, "\"language\" must be"},
        {json{{"time_zone", true}}, "\"time_zone\" must be"},
        {json::array({"fr"}), "must be a JSON object"},
    };
    for (const auto& [body, why] : refused) {
      INFO(body.dump());
      const auto r = call_api(s.port(), http::verb::put, "/api/account/locale", body, token);
      CHECK(r.status == http::status::bad_request);
      CHECK(code_of(r) == "bad_request");
      CHECK(message_of(r).find(why) != std::string::npos);
    }
    CHECK(locale(s.port(), token) == json{{"language", "fr"}, {"time_zone", "America/New_York"}});

    // The notification settings are the same record: changing them keeps the locale.
    REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"digest_minutes", 60}}, token)
                .status == http::status::ok);
    CHECK(locale(s.port(), token)["language"] == "fr");

    // Without a login: 401, as every /api/account endpoint.
    CHECK(code_of(call_api(s.port(), http::verb::get, "/api/account/locale")) == "bad_token");
    CHECK(code_of(call_api(s.port(), http::verb::put, "/api/account/locale", json{{"language", "it"}})) == "bad_token");
    CHECK(code_of(call_api(s.port(), http::verb::put, "/api/account/locale", json{{"language", "it"}}, "nope")) ==
          "bad_token");
  }
  // Stored before the answer: a restarted server has it.
  running_server again({}, data);
  CHECK(locale(again.port(), token) == json{{"language", "fr"}, {"time_zone", "America/New_York"}});
  // null and "" choose nothing again.
  REQUIRE(call_api(again.port(), http::verb::put, "/api/account/locale", json{{"language", nullptr}, {"time_zone", ""}},
                   token)
              .status == http::status::ok);
  CHECK(locale(again.port(), token) == json{{"language", ""}, {"time_zone", ""}});
}
