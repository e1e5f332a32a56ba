#pragma once
// Holds every worker of the global thread pool until release(), so that a Cancel clicked
// meanwhile comes before the background work starts (no sleeps, no races).
#include <QSemaphore>
#include <QThreadPool>

namespace clens::test {

struct BusyPool {
    QThreadPool* pool = QThreadPool::globalInstance();
    int workers = pool->maxThreadCount();
    QSemaphore gate;
    BusyPool()
    {
        for (int i = 0; i < workers; ++i)
            pool->start([this] { gate.acquire(); });
    }
    ~BusyPool()
    {
        release();
        wait();
    }
    BusyPool(const BusyPool&) = delete;
    BusyPool& operator=(const BusyPool&) = delete;
    void release()
    {
        gate.release(workers);
        workers = 0;
    }
    void wait() { pool->waitForDone(); }
};

} // namespace clens::test
