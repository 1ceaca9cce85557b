// The durable stores' common part: a queue drained by one writer thread in group commits,
// and a pool of read connections for the blocking reads.
#include "loyang/persistence/queued_store.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "row_codec.hpp"
#include "store_backend.hpp"

namespace loyang::persistence {

struct queued_store::impl {
  struct queued {
    detail::write what;
    write_done done;
  };

  impl(queued_store_options s, std::unique_ptr<detail::write_backend> w, reader_factory r)
      : settings(std::move(s)), backend(std::move(w)), open_reader(std::move(r)) {
    if (settings.snapshot_every == 0) settings.snapshot_every = 1;
    writer = std::thread([this] { write_loop(); });
  }

  // ---- writes --------------------------------------------------------------------------

  void enqueue(detail::write w, write_done done) {
    {
      std::lock_guard lock(mutex);
      if (!stopping) {
        queue.push_back({std::move(w), std::move(done)});
        ++depth;
        wake.notify_one();
        return;
      }
    }
    if (done) done(storage_failed);
  }

  void write_loop() {
    std::vector<queued> batch;
    for (;;) {
      {
        std::unique_lock lock(mutex);
        const auto has_work = [this] { return stopping || !queue.empty(); };
        if (!wake.wait_for(lock, settings.probe_every, has_work)) {
          lock.unlock();
          // A connection the database closed while idle would fail the next write and leave
          // /readyz saying ready meanwhile: found here, the writer reconnects before it is used.
          if (failure || backend->closed_while_idle()) probe();
          continue;
        }
        if (queue.empty()) return;  // stopping, and everything is written
        batch.assign(std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.end()));
        queue.clear();
      }
      const auto began = std::chrono::steady_clock::now();
      const auto results = commit(batch);
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - began;
      report(batch, results);
      std::uint64_t ok = 0;
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (results[i].empty()) ++ok;
        try {
          if (batch[i].done) batch[i].done(results[i]);
        } catch (...) {
          // A throwing callback must not take the writer (and every later write) down.
        }
        --depth;
      }
      count(batch.size(), ok);
      if (ok > 0 && settings.on_commit) settings.on_commit(ok, took.count());
      batch.clear();
    }
  }

  void count(std::uint64_t size, std::uint64_t ok) {
    std::lock_guard lock(stats_mutex);
    counters.writes += ok;
    counters.failed_writes += size - ok;
    if (ok > 0) {
      ++counters.transactions;
      counters.largest_batch = std::max<std::uint64_t>(counters.largest_batch, ok);
      if (ok > 1) ++counters.batches_over_one;
    }
  }

  // Rolls the batch's transaction back unless it committed.
  class open_transaction {
   public:
    explicit open_transaction(detail::write_backend& b) : b_(b) { b_.begin(); }
    ~open_transaction() {
      if (!committed_) b_.rollback();
    }
    open_transaction(const open_transaction&) = delete;
    open_transaction& operator=(const open_transaction&) = delete;
    void commit() {
      b_.commit();
      committed_ = true;
    }

   private:
    detail::write_backend& b_;
    bool committed_ = false;
  };

  // One transaction for the whole batch. Returns each write's error code ("" when
  // committed). A write that fails by itself (a constraint, a command out of order) is rare:
  // then the transaction is rolled back and the batch is run again without it, so the normal
  // path pays for no savepoints.
  std::vector<std::string> commit(const std::vector<queued>& batch) {
    std::vector<std::string> results(batch.size());
    batch_error.reset();
    failure_text.assign(batch.size(), {});
    try {
      for (;;) {
        bool retry = false;
        open_transaction t(*backend);
        std::vector<std::size_t> ran;  // the batch's index of each write run in this attempt
        for (std::size_t i = 0; i < batch.size() && !retry; ++i) {
          if (!results[i].empty()) continue;  // failed in an earlier attempt
          try {
            ran.push_back(i);
            backend->run(batch[i].what);
          } catch (const error& e) {
            if (backend->lost_transaction(e)) throw;  // nothing of the batch is stored
            results[i] = write_error_code(e.sqlite_code());
            failure_text[i] = e.what();
            retry = true;  // `t` rolls back on leaving the scope
          }
        }
        if (retry) continue;
        try {
          t.commit();
        } catch (const detail::refused_write& e) {
          if (e.ordinal() >= ran.size()) throw;
          results[ran[e.ordinal()]] = e.code();
          failure_text[ran[e.ordinal()]] = e.what();
          continue;  // rolled back by `t`; again without it
        }
        return results;
      }
    } catch (const error& e) {
      const auto code = write_error_code(e.sqlite_code());
      for (auto& r : results) {
        if (r.empty()) r = code;
      }
      batch_error = {not_ready_reason_of(e.sqlite_code()), e.what()};
    } catch (const std::exception& e) {
      for (auto& r : results) {
        if (r.empty()) r = storage_failed;
      }
      batch_error = {storage_failed, e.what()};
    }
    return results;
  }

  // ---- failures and readiness (writer thread) --------------------------------------------

  // Logs every failed write with what it stored, and moves the readiness.
  void report(const std::vector<queued>& batch, const std::vector<std::string>& results) {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (results[i].empty() || !settings.on_failure) continue;
      const std::string why = !failure_text[i].empty() ? failure_text[i]
                              : batch_error           ? batch_error->second
                                                      : results[i];
      settings.on_failure(detail::describe(batch[i].what) + " failed: " + why);
    }
    if (batch_error) {
      set_failure(batch_error->first);
    } else if (failure) {
      set_failure(std::nullopt);  // a transaction committed: writes work again
    }
  }

  void probe() {
    try {
      backend->probe();
      set_failure(std::nullopt);
    } catch (const error& e) {
      set_failure(not_ready_reason_of(e.sqlite_code()));
    } catch (const std::exception&) {
      set_failure(std::string(storage_failed));
    }
  }

  void set_failure(std::optional<std::string> reason) {
    const bool recovered = failure && !reason;
    failure = reason.has_value();
    {
      std::lock_guard lock(stats_mutex);
      not_ready = std::move(reason);
    }
    if (recovered && settings.on_recovery) settings.on_recovery(backend->describe() + " accepts writes again");
  }

  void stop() {
    {
      std::lock_guard lock(mutex);
      stopping = true;
      wake.notify_one();
    }
    std::lock_guard join_lock(join_mutex);
    if (writer.joinable()) writer.join();
  }

  // ---- reads ---------------------------------------------------------------------------

  // A read connection borrowed from the pool for one call; a broken one is not given back.
  class lease {
   public:
    explicit lease(impl& owner) : owner_(owner) {
      {
        std::lock_guard lock(owner_.readers_mutex);
        // Connections the database closed while they waited (a restart closes them all) are
        // dropped here, not found broken by the read.
        while (!reader_ && !owner_.idle.empty()) {
          reader_ = std::move(owner_.idle.back());
          owner_.idle.pop_back();
          if (!reader_->healthy()) reader_.reset();
        }
      }
      if (!reader_) reader_ = owner_.open_reader();
    }
    ~lease() {
      if (!reader_->healthy()) return;
      std::lock_guard lock(owner_.readers_mutex);
      if (static_cast<int>(owner_.idle.size()) < owner_.settings.idle_readers) {
        owner_.idle.push_back(std::move(reader_));
      }
    }
    lease(const lease&) = delete;
    lease& operator=(const lease&) = delete;
    detail::store_reader* operator->() { return reader_.get(); }
    detail::store_reader* get() { return reader_.get(); }

   private:
    impl& owner_;
    std::unique_ptr<detail::store_reader> reader_;
  };

  // Runs one read on a pooled connection. A pooled connection that broke since its last use
  // (PostgreSQL restarted) fails its first query: the read is then tried once more on a new one.
  template <class Read>
  auto read(Read&& r) {
    for (int attempt = 0;; ++attempt) {
      lease reader(*this);
      try {
        return r(*reader.get());
      } catch (const error&) {
        if (attempt > 0 || reader->healthy()) throw;
      }
    }
  }

  queued_store_options settings;
  std::unique_ptr<detail::write_backend> backend;  // used by the writer thread only once it runs
  reader_factory open_reader;

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<queued> queue;
  bool stopping = false;
  std::atomic<std::int64_t> depth{0};
  std::mutex join_mutex;
  std::thread writer;

  mutable std::mutex stats_mutex;
  writer_stats counters;
  std::optional<std::string> not_ready;  // guarded by stats_mutex

  // Writer thread only.
  bool failure = false;  // the last transaction or probe failed
  std::optional<std::pair<std::string, std::string>> batch_error;  // reason, the database's sentence
  std::vector<std::string> failure_text;  // per write of the batch: why it failed alone

  std::mutex readers_mutex;
  std::vector<std::unique_ptr<detail::store_reader>> idle;
};

queued_store::queued_store(const queued_store_options& settings, std::unique_ptr<detail::write_backend> writer,
                           reader_factory open_reader)
    : impl_(std::make_unique<impl>(settings, std::move(writer), std::move(open_reader))) {}

queued_store::~queued_store() { queued_store::stop(); }

detail::write_backend& queued_store::writer() const { return *impl_->backend; }

void queued_store::enqueue(detail::queued_write&& w, write_done done) {
  impl_->enqueue(std::move(w.what), std::move(done));
}

store::catalog queued_store::load_catalog() {
  return impl_->read([&](detail::store_reader& r) { return r.load_catalog(); });
}

store::catalog queued_store::load_catalog_part(std::int64_t game, std::int64_t account) {
  return impl_->read([&](detail::store_reader& r) { return r.load_catalog_part(game, account); });
}

std::int64_t queued_store::reserve_ids(const std::string& kind, std::int64_t count) {
  return impl_->read([&](detail::store_reader& r) { return r.reserve_ids(kind, count); });
}

std::vector<logged_command> queued_store::load_commands_after(std::int64_t game, std::uint32_t after) {
  return impl_->read([&](detail::store_reader& r) { return r.load_commands_after(game, after); });
}

std::int64_t queued_store::find_account(const std::string& name, const std::string& token_hash) {
  return impl_->read([&](detail::store_reader& r) { return r.find_account(name, token_hash); });
}

void queued_store::update_counters(const std::vector<std::string>& keys, std::int64_t now,
                                   const std::function<void(std::vector<counter>&)>& change) {
  // Tried again on a new connection only when the pooled one had broken before: its
  // transaction did not commit.
  impl_->read([&](detail::store_reader& r) {
    r.update_counters(keys, now, change);
    return 0;
  });
}

void queued_store::forget_counters(std::int64_t before) {
  impl_->read([&](detail::store_reader& r) {
    r.forget_counters(before);
    return 0;
  });
}

void queued_store::save_account(const account_record& a, write_done done) {
  enqueue({detail::account_write{a}}, std::move(done));
}

void queued_store::save_token(const std::string& hash, std::int64_t account, std::int64_t at, write_done done) {
  enqueue({detail::token_write{hash, account, at}}, std::move(done));
}

void queued_store::revoke_token(const std::string& hash, write_done done) {
  enqueue({detail::revoke_write{hash}}, std::move(done));
}

void queued_store::touch_token(const std::string& hash, std::int64_t at, write_done done) {
  enqueue({detail::touch_write{hash, at}}, std::move(done));
}

void queued_store::change_password(std::int64_t account, const std::string& password_hash,
                                   const std::string& keep_hash, write_done done) {
  enqueue({detail::password_write{account, password_hash, keep_hash}}, std::move(done));
}

void queued_store::save_game(const game_record& g, std::vector<outbox_record> notes, write_done done) {
  auto w = detail::make_game_write(g);
  w.notes = std::move(notes);
  enqueue({std::move(w)}, std::move(done));
}

void queued_store::append_command(const command_record& c, const game_record& g, const engine::state& state,
                                  std::vector<outbox_record> notes, write_done done) {
  auto w = detail::make_command_write(c, g, state, impl_->settings.snapshot_every);
  w.notes = std::move(notes);
  enqueue({std::move(w)}, std::move(done));
}

void queued_store::save_vacation(const vacation_record& v, write_done done) {
  enqueue({detail::vacation_write{v}}, std::move(done));
}

void queued_store::save_notify_settings(std::int64_t account, const std::string& settings,
                                        std::vector<outbox_record> notes, write_done done) {
  enqueue({detail::notify_settings_write{account, settings, std::move(notes)}}, std::move(done));
}

std::vector<outbox_record> queued_store::due_notifications(std::int64_t now, std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.due_notifications(now, limit); });
}

void queued_store::settle_notification(std::int64_t id, delivery how, std::int64_t at, std::int64_t next_at,
                                       const std::string& error, write_done done) {
  enqueue({detail::settle_write{id, how, at, next_at, error}}, std::move(done));
}

std::int64_t queued_store::queued_notifications() {
  return impl_->read([&](detail::store_reader& r) { return r.queued_notifications(); });
}

std::optional<std::int64_t> queued_store::next_notification_at() {
  return impl_->read([&](detail::store_reader& r) { return r.next_notification_at(); });
}

void queued_store::save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version,
                                  write_done done) {
  enqueue({detail::seen_write{game, seat, version}}, std::move(done));
}

void queued_store::save_relation(const relation_record& r, bool on, write_done done) {
  enqueue({detail::relation_write{r, on}}, std::move(done));
}

void queued_store::append_chat(const chat_record& m, std::vector<outbox_record> notes, write_done done) {
  enqueue({detail::chat_write{m, std::move(notes)}}, std::move(done));
}

void queued_store::delete_chat(std::int64_t id, const moderation_record& log, write_done done) {
  enqueue({detail::chat_delete_write{id, log}}, std::move(done));
}

std::vector<chat_record> queued_store::load_chat(std::int64_t game, std::int64_t before, std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.load_chat(game, before, limit); });
}

std::int64_t queued_store::chat_count(std::int64_t game) {
  return impl_->read([&](detail::store_reader& r) { return r.chat_count(game); });
}

void queued_store::save_note(const note_record& n, write_done done) {
  enqueue({detail::note_write{n}}, std::move(done));
}

std::optional<note_record> queued_store::load_note(std::int64_t game, std::int64_t account) {
  return impl_->read([&](detail::store_reader& r) { return r.load_note(game, account); });
}

void queued_store::save_report(const report_record& r, std::optional<moderation_record> log, write_done done) {
  enqueue({detail::report_write{r, std::move(log)}}, std::move(done));
}

std::vector<report_record> queued_store::load_reports(bool open_only, std::int64_t before, std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.load_reports(open_only, before, limit); });
}

void queued_store::append_message(const message_record& m, std::vector<outbox_record> notes, write_done done) {
  enqueue({detail::message_write{m, std::move(notes)}}, std::move(done));
}

void queued_store::mark_messages_read(std::int64_t reader, std::int64_t other, std::int64_t up_to, std::int64_t at,
                                      write_done done) {
  enqueue({detail::message_read_write{reader, other, up_to, at}}, std::move(done));
}

void queued_store::delete_message(std::int64_t id, const moderation_record& log, write_done done) {
  enqueue({detail::message_delete_write{id, log}}, std::move(done));
}

std::vector<conversation_record> queued_store::load_conversations(std::int64_t account, std::int64_t before,
                                                                  std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.load_conversations(account, before, limit); });
}

std::vector<message_record> queued_store::load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                                        std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.load_messages(account, other, before, limit); });
}

std::optional<message_record> queued_store::load_message(std::int64_t id) {
  return impl_->read([&](detail::store_reader& r) { return r.load_message(id); });
}

std::vector<std::pair<std::int64_t, std::int64_t>> queued_store::unread_messages(std::int64_t account) {
  return impl_->read([&](detail::store_reader& r) { return r.unread_messages(account); });
}

std::optional<tournament_record> queued_store::load_tournament(std::int64_t id) {
  return impl_->read([&](detail::store_reader& r) { return r.load_tournament(id); });
}

void queued_store::save_tournament(const tournament_record& t, write_done done) {
  enqueue({detail::tournament_write{t}}, std::move(done));
}

store::move_times queued_store::load_move_times(std::int64_t account, std::size_t games) {
  return impl_->read([&](detail::store_reader& r) { return r.load_move_times(account, games); });
}

void queued_store::save_moderation(const moderation_record& m, write_done done) {
  enqueue({detail::moderation_write{m}}, std::move(done));
}

std::vector<moderation_record> queued_store::load_moderation(std::int64_t before, std::size_t limit) {
  return impl_->read([&](detail::store_reader& r) { return r.load_moderation(before, limit); });
}

void queued_store::save_standing(const account_record& a, const moderation_record& log, write_done done) {
  enqueue({detail::standing_write{a, log}}, std::move(done));
}

loaded_game queued_store::load_game(const game_record& g) {
  return impl_->read([&](detail::store_reader& r) { return r.load_game(g.id); });
}

std::int64_t queued_store::queue_depth() const { return impl_->depth.load(); }

std::optional<std::string> queued_store::not_ready_reason() const {
  std::lock_guard lock(impl_->stats_mutex);
  return impl_->not_ready;
}

void queued_store::stop() { impl_->stop(); }

writer_stats queued_store::writer_counts() const {
  std::lock_guard lock(impl_->stats_mutex);
  return impl_->counters;
}

}  // namespace loyang::persistence
