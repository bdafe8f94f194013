// Work split over the threads of one process-wide pool, in plain C++ (std::thread): natively, and
// in the WebAssembly build made with pthreads, where each thread is a Web Worker (or a Node
// worker_thread) sharing the module's memory. The other builds have no threads: the pool stays
// empty and every loop runs on the calling thread.
//
// Callers split their work so that the result does not depend on how many threads share it
// (fixed blocks summed in block order, ranges whose results are merged in range order, or
// answers that are the same in any order): a mesh gets the same numbers bit for bit whatever
// setThreadCount() was given.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>

// A WebAssembly build without pthreads can create no thread: there everything below is inline and
// says "one thread", so the compiler drops the callers' threaded branches (and std::thread's code
// stays out of the single-thread modules).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define MASSPROPS_NO_THREADS 1
#endif

namespace massprops {
namespace detail {

#if defined(MASSPROPS_NO_THREADS)
inline unsigned parallelThreads() { return 1; }
template <typename Task>
void parallelFor(std::size_t count, const Task& task) {
    for (std::size_t i = 0; i < count; ++i) task(i);
}
inline unsigned parallelThreadIndex() { return 0; }
inline std::size_t partsFor(std::size_t, std::size_t) { return 1; }
#else
// Threads that share the work, the caller's included (1: no pool).
unsigned parallelThreads();

// Runs task(i) for every i in [0, count), spread over the pool and the calling thread, and
// returns once all are done. Tasks must not depend on each other's order. A call made while the
// pool is busy (from a task, or from another thread) runs its tasks on the calling thread.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& task);

// Which of the parallelThreads() threads runs this: 0 for the caller (and outside the pool),
// 1 and up for the pool's own. For scratch that each thread keeps for all the tasks it takes.
unsigned parallelThreadIndex();

// How many parts to cut `items` into for parallelFor: a few per thread (1 without threads), but
// none smaller than `grain` items (below that the hand-over costs more than it saves), and at
// least 1. Callers' results do not depend on it.
std::size_t partsFor(std::size_t items, std::size_t grain);
#endif

// Part `part` of `parts` equal ranges of [0, items): [begin, end).
inline std::size_t partBegin(std::size_t items, std::size_t parts, std::size_t part) {
    return items / parts * part + std::min(part, items % parts);
}

}  // namespace detail
}  // namespace massprops
