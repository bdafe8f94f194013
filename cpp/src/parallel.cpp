// The pool behind parallelFor (parallel.h). The calling thread hands out a job, works on it too,
// then spins until the pool's threads are done with it: it never blocks on a condition variable
// or a join, which a browser's main thread may not do (WebAssembly's atomic wait traps there).
// The pool's threads sleep on a condition variable between jobs.
#include "parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {

#if defined(MASSPROPS_NO_THREADS)
unsigned setThreadCount(unsigned) { return 1; }
unsigned threadCount() { return 1; }
#else
namespace detail {

namespace {

thread_local unsigned threadIndex = 0;

// One parallelFor call: its tasks are claimed one at a time through `next`.
struct Job {
    const std::function<void(std::size_t)>* task;
    std::size_t count;
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<unsigned> users{0};  // pool threads still holding this job

    void work() {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
            (*task)(i);
            done.fetch_add(1, std::memory_order_release);
        }
    }
};

class Pool {
public:
    ~Pool() { resize(0); }

    unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

    // Joins the old threads (they finish no job: resize is never called during one) and starts
    // `extra` new ones.
    void resize(unsigned extra) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : workers_) t.join();
        workers_.clear();
        stop_ = false;
        for (unsigned i = 0; i < extra; ++i)
            workers_.emplace_back([this, i] {
                threadIndex = i + 1;
                serve();
            });
    }

    void run(std::size_t count, const std::function<void(std::size_t)>& task) {
        bool idle = false;
        if (workers_.empty() || count <= 1 || !busy_.compare_exchange_strong(idle, true)) {
            for (std::size_t i = 0; i < count; ++i) task(i);
            return;
        }
        Job job;
        job.task = &task;
        job.count = count;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job_ = &job;
            ++generation_;
        }
        wake_.notify_all();
        job.work();
        while (job.done.load(std::memory_order_acquire) < count) std::this_thread::yield();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job_ = nullptr;  // no thread takes it up from here on
        }
        while (job.users.load(std::memory_order_acquire) != 0) std::this_thread::yield();
        busy_.store(false);
    }

private:
    void serve() {
        unsigned long seen = 0;
        for (;;) {
            Job* job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
                if (stop_) return;
                seen = generation_;
                job = job_;
                if (!job) continue;  // woke after that job was over
                job->users.fetch_add(1, std::memory_order_relaxed);
            }
            job->work();
            job->users.fetch_sub(1, std::memory_order_release);
        }
    }

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    unsigned long generation_ = 0;
    Job* job_ = nullptr;
    bool stop_ = false;
    std::atomic<bool> busy_{false};
};

Pool& pool() {
    static Pool instance;
    return instance;
}

}  // namespace

unsigned parallelThreads() { return pool().threads(); }

unsigned parallelThreadIndex() { return threadIndex; }

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& task) { pool().run(count, task); }

std::size_t partsFor(std::size_t items, std::size_t grain) {
    // Several parts per thread: a thread that is late (its core busy with other work) leaves the
    // parts it has not taken to the others instead of making them wait for its whole share.
    constexpr std::size_t kPartsPerThread = 4;
    const std::size_t threads = parallelThreads();
    if (threads == 1) return 1;
    return std::max<std::size_t>(1, std::min(kPartsPerThread * threads, items / std::max<std::size_t>(grain, 1)));
}

}  // namespace detail

unsigned setThreadCount(unsigned count) {
    count = std::min(std::max(count, 1u), kMaxThreads);
    if (count != detail::pool().threads()) detail::pool().resize(count - 1);
    return count;
}

unsigned threadCount() { return detail::pool().threads(); }
#endif

}  // namespace massprops
