// Web Push's cryptography (server/src/notify/push): base64url, the message encryption against
// RFC 8291's own worked example and its refusals, VAPID tokens, and round trips through
// tests/support/push_receiver.py, an implementation of the receiving side written apart from
// this one (Python's cryptography package), run as a command and as a push service over HTTP.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "notify/push/base64url.hpp"
#include "notify/push/ece.hpp"
#include "notify/push/vapid.hpp"
#include "push_receiver.hpp"
#include "shell_word.hpp"
#include "temp_dir.hpp"

extern char** environ;

namespace push = loyang::server::notify::push;
using namespace std::literals;

namespace {

// RFC 8291, Appendix A (and the body of section 5): the example's inputs and its message.
constexpr auto rfc_plaintext = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24"sv;
constexpr auto rfc_as_private = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"sv;
constexpr auto rfc_as_public =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"sv;
constexpr auto rfc_ua_public =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"sv;
constexpr auto rfc_salt = "DGv6ra1nlYgDCS1FRnbzlw"sv;
constexpr auto rfc_auth = "BTBZMqHH6r4Tts7J_aSIgg"sv;
constexpr auto rfc_header =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"sv;
constexpr auto rfc_ciphertext = "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ"sv;
constexpr auto rfc_body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"sv;

std::string b64(std::string_view text) {
  auto bytes = push::base64url_decode(text);
  if (!bytes) throw std::invalid_argument("not base64url: " + std::string(text));
  return *bytes;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A browser's subscription: a P-256 key pair and an auth secret, made here with OpenSSL.
struct browser {
  push::subscription_keys keys;
  std::string private_raw;  // the scalar, 32 bytes

  browser() {
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"),
                                                             EVP_PKEY_free);
    REQUIRE(key);
    keys.p256dh.assign(65, '\0');
    std::size_t size = 0;
    REQUIRE(EVP_PKEY_get_octet_string_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY,
                                            reinterpret_cast<unsigned char*>(keys.p256dh.data()), 65, &size));
    REQUIRE(size == 65);
    BIGNUM* d = nullptr;
    REQUIRE(EVP_PKEY_get_bn_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &d));
    private_raw.assign(32, '\0');
    BN_bn2binpad(d, reinterpret_cast<unsigned char*>(private_raw.data()), 32);
    BN_clear_free(d);
    keys.auth = "0123456789abcdef";
  }
};

// The JWT of a "vapid t=<JWT>, k=<key>" value, and its key.
struct vapid_parts {
  std::string jwt_header, claims, signature, k;
};
vapid_parts split_vapid(const std::string& header) {
  REQUIRE(header.starts_with("vapid t="));
  const auto comma = header.find(", k=");
  REQUIRE(comma != std::string::npos);
  const auto jwt = header.substr(8, comma - 8);
  const auto dot1 = jwt.find('.');
  const auto dot2 = jwt.find('.', dot1 + 1);
  REQUIRE(dot2 != std::string::npos);
  return {b64(jwt.substr(0, dot1)), b64(jwt.substr(dot1 + 1, dot2 - dot1 - 1)), b64(jwt.substr(dot2 + 1)),
          header.substr(comma + 4)};
}

// --- Python: the receiver as a command, and as a push service ---------------------------------

bool python_ready() {
  static const bool ready = std::system("/usr/bin/python3 -c 'import cryptography' 2>/dev/null") == 0;
  if (!ready) {
    WARN("skipped: /usr/bin/python3 cannot import cryptography (python3-cryptography; "
         "run scripts/install-deps.sh)");
  }
  return ready;
}

bool curl_ready() {
  static const bool ready = std::system("command -v curl >/dev/null 2>&1") == 0;
  if (!ready) WARN("skipped: no curl to talk HTTP to the push receiver (scripts/install-deps.sh installs it)");
  return ready;
}

using loyang::test::sh_word;

struct run_result {
  int status = -1;
  std::string output;  // standard output and standard error
};
run_result run(const std::string& command) {
  run_result result;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) result.output.append(buffer, n);
  const int status = pclose(p);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string receiver_command(std::string_view subcommand) {
  // Appended piece by piece: gcc 12's -O3 takes a chain of + on temporaries for an overflow.
  std::string command = "/usr/bin/python3 ";
  command += LOYANG_PUSH_RECEIVER;
  command += ' ';
  command += subcommand;
  return command;
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct http_reply {
  int status = 0;
  std::string body;
};

// One request with curl; `body` (if any) sent as it is.
http_reply http(const loyang::test::temp_dir& dir, std::string_view method, const std::string& url,
                const std::vector<std::string>& headers = {}, const std::optional<std::string>& body = {}) {
  static int count = 0;
  const auto n = std::to_string(++count);
  const auto reply_file = dir.path() / ("reply-" + n);
  std::string command = "curl -sS -o " + sh_word(reply_file.string()) + " -w '%{http_code}' -X " +
                        std::string(method) + " -H 'Expect:'";
  for (const auto& h : headers) command += " -H " + sh_word(h);
  if (body) {
    const auto body_file = dir.path() / ("request-" + n);
    write_file(body_file, *body);
    command += " --data-binary " + sh_word("@" + body_file.string());
  }
  command += " " + sh_word(url);
  const auto result = run(command);
  INFO(command << "\n" << result.output);
  REQUIRE(result.status == 0);
  return {std::stoi(result.output), read_file(reply_file)};
}

}  // namespace

// --- base64url ------------------------------------------------------------------------------

TEST_CASE("base64url encodes RFC 4648's vectors without padding and decodes them with or without", "[push]") {
  const std::vector<std::pair<std::string, std::string>> vectors{
      {"", ""}, {"f", "Zg"}, {"fo", "Zm8"}, {"foo", "Zm9v"}, {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"},
      {"foobar", "Zm9vYmFy"}, {"\xfb\xff", "-_8"}, {"\xff\xff\xfe", "___-"}};
  for (const auto& [bytes, text] : vectors) {
    CHECK(push::base64url_encode(bytes) == text);
    CHECK(push::base64url_decode(text) == bytes);
  }
  CHECK(push::base64url_decode("Zg==") == "f");
  CHECK(push::base64url_decode("Zm8=") == "fo");
  CHECK(push::base64url_decode("-_8=") == "\xfb\xff");

  std::string all;
  for (int i = 0; i < 256; ++i) all += static_cast<char>(i);
  for (std::size_t size = 0; size <= all.size(); size += 7) {
    CHECK(push::base64url_decode(push::base64url_encode(all.substr(0, size))) == all.substr(0, size));
  }
}

TEST_CASE("base64url refuses other characters, impossible lengths, misplaced padding and stray bits", "[push]") {
  for (const char* bad : {"Zm9v!", "ab+/", "Zm 9v", "Zm9v\n", "Z", "Zm9vY", "Zg=", "Zg===", "=", "Zg==Zg==",
                          "Z===", "Zh", "Zm9"}) {
    INFO(bad);
    CHECK_FALSE(push::base64url_decode(bad));
  }
}

// --- encryption -----------------------------------------------------------------------------

TEST_CASE("encryption reproduces RFC 8291's worked example byte for byte (Appendix A)", "[push]") {
  const push::subscription_keys keys{b64(rfc_ua_public), b64(rfc_auth)};
  std::string error;
  const auto body = push::encrypt_with(keys, b64(rfc_plaintext), b64(rfc_as_private), b64(rfc_salt), error);
  INFO(error);
  REQUIRE(body);
  CHECK(b64(rfc_plaintext) == "When I grow up, I want to be a watermelon");
  CHECK(push::base64url_encode(*body) == rfc_body);
  CHECK(*body == b64(rfc_header) + b64(rfc_ciphertext));
  CHECK(body->substr(21, 65) == b64(rfc_as_public));
}

TEST_CASE("each message has a fresh salt and sender key; the header gives rs 4096 and the sender's key",
          "[push]") {
  const browser b;
  std::string error;
  const auto first = push::encrypt(b.keys, "Your move", error);
  const auto second = push::encrypt(b.keys, "Your move", error);
  INFO(error);
  REQUIRE(first);
  REQUIRE(second);
  CHECK(first->size() == push::header_size + 9 + 1 + 16);
  CHECK(first->substr(16, 5) == "\x00\x00\x10\x00\x41"s);  // rs = 4096, idlen = 65
  CHECK((*first)[21] == 0x04);
  CHECK(first->substr(0, 16) != second->substr(0, 16));
  CHECK(first->substr(21, 65) != second->substr(21, 65));
}

TEST_CASE("keys no browser sends are refused with a reason, and nothing is encrypted", "[push]") {
  const browser b;
  std::string off_curve = b.keys.p256dh;
  off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
  std::string compressed_prefix = b.keys.p256dh;
  compressed_prefix[0] = 0x03;
  const std::vector<push::subscription_keys> bad{
      {b.keys.p256dh.substr(0, 64), b.keys.auth},
      {b.keys.p256dh + "x", b.keys.auth},
      {b.keys.p256dh.substr(0, 33), b.keys.auth},
      {compressed_prefix, b.keys.auth},
      {off_curve, b.keys.auth},
      {"\x04" + std::string(64, '\0'), b.keys.auth},
      {"", b.keys.auth},
      {b.keys.p256dh, b.keys.auth.substr(0, 15)},
      {b.keys.p256dh, b.keys.auth + "x"},
      {b.keys.p256dh, ""},
  };
  for (const auto& keys : bad) {
    std::string error;
    CHECK_FALSE(push::encrypt(keys, "hello", error));
    CHECK_FALSE(error.empty());
  }

  // The test seam's own inputs: the sender's scalar in [1, n-1], 32 bytes; a 16-byte salt.
  const auto salt = b64(rfc_salt);
  const auto scalar = b64(rfc_as_private);
  for (const auto& [key, s] : std::vector<std::pair<std::string, std::string>>{
           {scalar.substr(0, 31), salt},
           {std::string(32, '\0'), salt},
           {std::string(32, '\xff'), salt},
           {scalar, salt.substr(0, 15)},
           {scalar, salt + "x"}}) {
    std::string error;
    CHECK_FALSE(push::encrypt_with(b.keys, "hello", key, s, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("a plaintext of 3993 bytes makes a 4096-byte body; one byte more is refused", "[push]") {
  const browser b;
  std::string error;
  const auto fits = push::encrypt(b.keys, std::string(push::max_plaintext_size, 'a'), error);
  REQUIRE(fits);
  CHECK(fits->size() == 4096);
  CHECK_FALSE(push::encrypt(b.keys, std::string(push::max_plaintext_size + 1, 'a'), error));
  CHECK(error.find("3993") != std::string::npos);
}

// --- VAPID ----------------------------------------------------------------------------------

TEST_CASE("a VAPID key survives its PEM; a PEM that is not an unencrypted P-256 private key is refused",
          "[push]") {
  const auto key = push::vapid_key::generate();
  CHECK(key.public_raw().size() == 65);
  CHECK(key.public_raw()[0] == 0x04);
  CHECK(push::base64url_decode(key.public_b64()) == key.public_raw());
  const auto pem = key.to_pem();
  CHECK(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
  std::string error;
  const auto loaded = push::vapid_key::from_pem(pem, error);
  REQUIRE(loaded);
  CHECK(loaded->public_raw() == key.public_raw());
  CHECK(push::vapid_key::generate().public_raw() != key.public_raw());

  // Another curve, a public key only, an encrypted key (refused, never a passphrase prompt).
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> p384(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-384"),
                                                           EVP_PKEY_free);
  REQUIRE(p384);
  auto pem_of = [](auto write) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
    REQUIRE(write(bio.get()));
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(size));
  };
  const auto p384_pem = pem_of([&](BIO* bio) {
    return PEM_write_bio_PrivateKey(bio, p384.get(), nullptr, nullptr, 0, nullptr, nullptr);
  });
  const auto encrypted_pem = pem_of([&](BIO* bio) {
    std::unique_ptr<BIO, decltype(&BIO_free)> in(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())),
                                                 BIO_free);
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> k(PEM_read_bio_PrivateKey(in.get(), nullptr, nullptr, nullptr),
                                                          EVP_PKEY_free);
    static char passphrase[] = "secret";
    return PEM_write_bio_PKCS8PrivateKey(bio, k.get(), EVP_aes_128_cbc(), passphrase, 6, nullptr, nullptr);
  });
  const auto public_pem = pem_of([&](BIO* bio) { return PEM_write_bio_PUBKEY(bio, p384.get()); });
  for (const auto& bad : {p384_pem, encrypted_pem, public_pem, "not a key"s, ""s, pem.substr(0, pem.size() / 2)}) {
    error.clear();
    CHECK_FALSE(push::vapid_key::from_pem(bad, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("a VAPID token's audience is the endpoint's origin: scheme, host, and the port if given", "[push]") {
  CHECK(push::endpoint_origin("https://fcm.googleapis.com/fcm/send/dXk:APA91b") == "https://fcm.googleapis.com");
  CHECK(push::endpoint_origin("https://updates.push.services.mozilla.com/wpush/v2/gAAAA") ==
        "https://updates.push.services.mozilla.com");
  CHECK(push::endpoint_origin("http://127.0.0.1:8080/push/abc") == "http://127.0.0.1:8080");
  CHECK(push::endpoint_origin("HTTPS://Push.Example.ORG:8443") == "https://push.example.org:8443");
  CHECK(push::endpoint_origin("https://push.example.org?x=1") == "https://push.example.org");
  CHECK(push::endpoint_origin("https://push.example.org#f") == "https://push.example.org");
  CHECK(push::endpoint_origin("https://user:pw@push.example.org/p@q") == "https://push.example.org");
  CHECK(push::endpoint_origin("https://[::1]:9000/x") == "https://[::1]:9000");
  CHECK(push::endpoint_origin("https://push.example.org:/x") == "https://push.example.org");
  for (const char* bad : {"ftp://push.example.org/", "https://", "https:///path", "push.example.org/x",
                          "https://ho st/", "https://host:80a/", "https://host\"/", "https://::1/",
                          "https://[::1/", "https://host:123456/", "https://a[b/", "https://[]/", "https://[::1]x/"}) {
    INFO(bad);
    CHECK_FALSE(push::endpoint_origin(bad));
  }
}

TEST_CASE("a VAPID header is a signed ES256 JWT with aud, exp and sub, and the key as k", "[push]") {
  const auto key = push::vapid_key::generate();
  const auto header = push::vapid_header(key, "https://Push.example.org:8443/wpush/v2/abc?x", "mailto:ops@example.org",
                                         1700000000);
  const auto parts = split_vapid(header);
  CHECK(parts.jwt_header == R"({"typ":"JWT","alg":"ES256"})");
  CHECK(parts.claims == R"({"aud":"https://push.example.org:8443","exp":1700000000,"sub":"mailto:ops@example.org"})");
  CHECK(parts.signature.size() == 64);
  CHECK(parts.k == key.public_b64());

  CHECK(split_vapid(push::vapid_header(key, "https://fcm.googleapis.com/fcm/send/x", "https://example.org/", 5))
            .claims == R"({"aud":"https://fcm.googleapis.com","exp":5,"sub":"https://example.org/"})");

  // The subject is escaped: the claims stay JSON, and give it back unchanged.
  const std::string subject = "mailto:a\"b\\c\n\x01@example.org";
  const auto claims = nlohmann::json::parse(split_vapid(push::vapid_header(key, "https://h/", subject, 7)).claims);
  CHECK(claims["sub"] == subject);
  CHECK(claims["exp"] == 7);

  CHECK_THROWS_AS(push::vapid_header(key, "not a url", "mailto:ops@example.org", 7), std::invalid_argument);
  CHECK_THROWS_AS(push::vapid_header(key, "https://h/", "ops@example.org", 7), std::invalid_argument);
}

// --- against the independent receiver (Python) -----------------------------------------------

TEST_CASE("the receiver decrypts what encrypt() makes, and refuses a changed body or another auth",
          "[push][python]") {
  if (!python_ready()) return;
  const auto selftest = run(receiver_command("selftest"));
  INFO(selftest.output);
  REQUIRE(selftest.status == 0);  // the receiver itself reads RFC 8291's example

  const loyang::test::temp_dir dir;
  const browser b;
  const auto body_file = dir.path() / "body";
  // "--option=value": a base64url value may begin with "-", which argparse would take for an option.
  const std::string decrypt = receiver_command("decrypt") + " --p256dh-private=" +
                              push::base64url_encode(b.private_raw) + " --body " + sh_word(body_file.string());
  const auto auth = " --auth=" + push::base64url_encode(b.keys.auth);

  std::string binary;
  for (int i = 0; i < 300; ++i) binary += static_cast<char>(i * 7);
  binary += "\0\0\x02\0"s;  // ends like padding would: only the delimiter after it counts
  for (const auto& plaintext : {""s, "Your move in game 42"s, "Ton tour, Zoë — 玩家"s, binary,
                                std::string(push::max_plaintext_size, 'z')}) {
    std::string error;
    const auto body = push::encrypt(b.keys, plaintext, error);
    REQUIRE(body);
    write_file(body_file, *body);
    const auto result = run(decrypt + auth);
    INFO(result.output);
    CHECK(result.status == 0);
    CHECK(result.output == plaintext);
  }

  std::string error;
  auto body = *push::encrypt(b.keys, "Your move", error);
  body[body.size() - 20] = static_cast<char>(body[body.size() - 20] ^ 0x40);
  write_file(body_file, body);
  CHECK(run(decrypt + auth).status == 1);
  write_file(body_file, *push::encrypt(b.keys, "Your move", error));
  CHECK(run(decrypt + auth).status == 0);
  CHECK(run(decrypt + " --auth=" + push::base64url_encode("fedcba9876543210")).status == 1);
}

TEST_CASE("the receiver accepts a VAPID header for its audience and refuses a tampered or stale one",
          "[push][python]") {
  if (!python_ready()) return;
  const auto key = push::vapid_key::generate();
  const auto now = unix_now();
  const std::string endpoint = "https://push.example.org:8443/wpush/abc";
  const std::string audience = "https://push.example.org:8443";
  auto verify = [&](const std::string& header, const std::string& aud) {
    return run(receiver_command("verify-vapid") + " --header " + sh_word(header) + " --audience " + sh_word(aud));
  };
  const auto header = push::vapid_header(key, endpoint, "mailto:ops@example.org", now + 12 * 3600);
  const auto good = verify(header, audience);
  INFO(good.output);
  REQUIRE(good.status == 0);
  CHECK(nlohmann::json::parse(good.output)["exp"] == now + 12 * 3600);

  // A signature changed in one character (in the middle: the last one has spare bits).
  const auto comma = header.find(", k=");
  auto tampered = header;
  const auto at = comma - 20;
  tampered[at] = tampered[at] == 'A' ? 'B' : 'A';
  CHECK(verify(tampered, audience).status == 1);
  // Claims changed after signing: another audience, same signature.
  const auto dot = header.find('.');
  const auto claims_end = header.find('.', dot + 1);
  const auto forged_claims = push::base64url_encode(R"({"aud":"https://evil.example","exp":)" +
                                                    std::to_string(now + 3600) + R"(,"sub":"mailto:ops@example.org"})");
  const auto forged = header.substr(0, dot + 1) + forged_claims + header.substr(claims_end);
  CHECK(verify(forged, "https://evil.example").status == 1);
  // Another key as k.
  const auto other = push::vapid_key::generate();
  CHECK(verify(header.substr(0, comma) + ", k=" + other.public_b64(), audience).status == 1);
  // The right token for another audience, an expired one, and one more than 24 h ahead.
  CHECK(verify(header, "https://push.example.org").status == 1);
  CHECK(verify(push::vapid_header(key, endpoint, "mailto:ops@example.org", now - 10), audience).status == 1);
  CHECK(verify(push::vapid_header(key, endpoint, "mailto:ops@example.org", now + 25 * 3600), audience).status == 1);
}

TEST_CASE("a push message reaches the receiving service: decrypted, with its headers; bad ones are refused",
          "[push][python]") {
  if (!python_ready() || !curl_ready()) return;
  const loyang::test::temp_dir dir;
  const auto state_file = dir.path() / "received.json";
  const loyang::test::receiver_service service(state_file);
  const auto key = push::vapid_key::generate();

  const auto subscribed = http(dir, "POST", service.origin() + "/subscribe", {"Content-Type: application/json"},
                               nlohmann::json{{"applicationServerKey", key.public_b64()}}.dump());
  REQUIRE(subscribed.status == 201);
  const auto subscription = nlohmann::json::parse(subscribed.body);
  const std::string endpoint = subscription["endpoint"];
  CHECK(endpoint.starts_with(service.origin() + "/push/"));
  const push::subscription_keys keys{b64(subscription["keys"]["p256dh"].get<std::string>()),
                                     b64(subscription["keys"]["auth"].get<std::string>())};

  std::string error;
  const auto send = [&](const push::vapid_key& signer, std::string_view text, std::vector<std::string> extra = {}) {
    const auto body = push::encrypt(keys, text, error);
    REQUIRE(body);
    extra.push_back("Content-Encoding: aes128gcm");
    extra.push_back("Content-Type: application/octet-stream");
    extra.push_back("Authorization: " +
                    push::vapid_header(signer, endpoint, "mailto:ops@example.org", unix_now() + 12 * 3600));
    return http(dir, "POST", endpoint, extra, *body).status;
  };

  CHECK(send(key, R"({"title":"Your move","game":42})", {"TTL: 3600", "Urgency: high", "Topic: game-42"}) == 201);
  CHECK(send(push::vapid_key::generate(), "signed by another key", {"TTL: 60"}) == 403);
  CHECK(send(key, "no TTL") == 400);
  CHECK(http(dir, "POST", endpoint,
             {"TTL: 60", "Content-Encoding: aes128gcm",
              "Authorization: " + push::vapid_header(key, endpoint, "mailto:ops@example.org", unix_now() + 3600)},
             std::string(200, 'x'))
            .status == 400);
  CHECK(http(dir, "POST", service.origin() + "/push/no-such-subscription", {"TTL: 60"}, "x"s).status == 404);
  CHECK(http(dir, "POST", service.origin() + "/expire/" + endpoint.substr(endpoint.rfind('/') + 1)).status == 204);
  CHECK(send(key, "too late", {"TTL: 60"}) == 410);

  const auto received = nlohmann::json::parse(http(dir, "GET", service.origin() + "/received").body);
  INFO(received.dump(1));
  REQUIRE(received.size() == 4);  // 404 and 410 are not messages to anyone
  CHECK(received[0]["refused"] == false);
  CHECK(received[0]["status"] == 201);
  CHECK(received[0]["plaintext"] == R"({"title":"Your move","game":42})");
  CHECK(received[0]["ttl"] == 3600);
  CHECK(received[0]["urgency"] == "high");
  CHECK(received[0]["topic"] == "game-42");
  CHECK(received[0]["vapid_sub"] == "mailto:ops@example.org");
  CHECK(received[1]["status"] == 403);
  CHECK(received[1]["refused"] == true);
  CHECK(received[2]["status"] == 400);
  CHECK(received[3]["status"] == 400);
  CHECK(nlohmann::json::parse(read_file(state_file)) == received);
}
